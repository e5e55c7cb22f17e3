/**
 * The host's federation runtime, loaded only after sign-in. The shell is built
 * without the federation plugin (see rspack.config.ts); here it hands the copies of
 * the singletons it already runs to the share scope, so every remote uses them:
 * one React, one effector, one i18next and one kit (one session, one router).
 */
import * as kit from '@app/module-kit'
import { createInstance } from '@module-federation/enhanced/runtime'
import * as effector from 'effector'
import * as effectorReact from 'effector-react'
import * as i18next from 'i18next'
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import * as jsxRuntime from 'react/jsx-runtime'
import * as reactI18next from 'react-i18next'
import * as singleSpa from 'single-spa'
import * as singleSpaReact from 'single-spa-react'

declare const __SHARED_VERSIONS__: Record<string, string>

const LIBRARIES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  effector,
  'effector-react': effectorReact,
  i18next,
  'react-i18next': reactI18next,
  'single-spa': singleSpa,
  'single-spa-react': singleSpaReact,
  '@app/module-kit': kit,
}

export const federation = createInstance({
  name: 'shell',
  remotes: [],
  shared: Object.fromEntries(
    Object.entries(LIBRARIES).map(([name, library]) => [
      name,
      {
        version: __SHARED_VERSIONS__[name] ?? '0.0.0',
        lib: () => library,
        loaded: true,
        shareConfig: { singleton: true, requiredVersion: false as const },
      },
    ]),
  ),
})
