/** The route test imports the modules' definitions, whose pages import stylesheets (bundled by rspack; nothing in Node). */
declare module '*.css'
