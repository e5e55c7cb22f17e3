import type { Locale } from '@app/module-kit'
import enGB from './en-GB.json'
import fiFI from './fi-FI.json'
import noNO from './no-NO.json'
import plPL from './pl-PL.json'
import seSE from './se-SE.json'
import refusalEnGB from '../refusal-locales/en-GB.json'
import refusalFiFI from '../refusal-locales/fi-FI.json'
import refusalNoNO from '../refusal-locales/no-NO.json'
import refusalPlPL from '../refusal-locales/pl-PL.json'
import refusalSeSE from '../refusal-locales/se-SE.json'

// The API's refusals (notify.ts) are kept apart, under `refusal`.
export const locales: Record<Locale, Record<string, unknown>> = {
  'en-GB': { ...enGB, ...refusalEnGB },
  'fi-FI': { ...fiFI, ...refusalFiFI },
  'no-NO': { ...noNO, ...refusalNoNO },
  'pl-PL': { ...plPL, ...refusalPlPL },
  'se-SE': { ...seSE, ...refusalSeSE },
}
