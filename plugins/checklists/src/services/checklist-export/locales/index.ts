import enGB from './en-GB.json' with { type: 'json' }
import fiFI from './fi-FI.json' with { type: 'json' }
import noNO from './no-NO.json' with { type: 'json' }
import plPL from './pl-PL.json' with { type: 'json' }
import seSE from './se-SE.json' with { type: 'json' }

/** The exports' texts in each language, imported (not read from disk) so the API's bundle carries them. */
export const byLocale = { 'en-GB': enGB, 'fi-FI': fiFI, 'no-NO': noNO, 'pl-PL': plPL, 'se-SE': seSE }
