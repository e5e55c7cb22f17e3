/** @app/module-kit: the shell's contract with remotes (one shared singleton at runtime). */
export * from './appearance'
export * from './client'
export * from './format'
export * from './i18n'
export * from './router'
export * from './session'
