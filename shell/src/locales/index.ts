/** The shell's own texts (namespace `shell`; the signed-out screens add theirs to it). */
import { registerLocales } from '@app/module-kit'
import enGB from './en-GB.json'
import fiFI from './fi-FI.json'
import noNO from './no-NO.json'
import plPL from './pl-PL.json'
import seSE from './se-SE.json'

export const registerShellLocales = () =>
  registerLocales('shell', { 'en-GB': enGB, 'fi-FI': fiFI, 'no-NO': noNO, 'pl-PL': plPL, 'se-SE': seSE })
