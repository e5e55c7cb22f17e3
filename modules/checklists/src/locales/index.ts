import type { Locale } from '@app/module-kit'
import enGB from './en-GB.json'
import fiFI from './fi-FI.json'
import noNO from './no-NO.json'
import plPL from './pl-PL.json'
import seSE from './se-SE.json'

export const locales: Record<Locale, Record<string, unknown>> = { 'en-GB': enGB, 'fi-FI': fiFI, 'no-NO': noNO, 'pl-PL': plPL, 'se-SE': seSE }
