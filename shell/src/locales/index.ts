/** The shell's own texts (namespace `shell`; the signed-out screens add theirs to it). */
import { registerLocales } from '@app/module-kit'
import enGB from './en-GB.json'

// English is drawn at once; another language's texts (one file for all of the shell's in that
// language) are fetched when it is chosen: the sign-in page carries one language, not five.
export const registerShellLocales = () =>
  registerLocales('shell', {
    'en-GB': enGB,
    'fi-FI': () => import(/* webpackChunkName: "texts-fi-FI" */ './fi-FI.json'),
    'no-NO': () => import(/* webpackChunkName: "texts-no-NO" */ './no-NO.json'),
    'pl-PL': () => import(/* webpackChunkName: "texts-pl-PL" */ './pl-PL.json'),
    'se-SE': () => import(/* webpackChunkName: "texts-se-SE" */ './se-SE.json'),
  })
