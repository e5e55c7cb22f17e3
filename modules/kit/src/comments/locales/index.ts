/** The comment thread's texts, merged into the kit's namespace beside the kit's own. */
import { registerLocales } from '../../i18n'
import enGB from './en-GB.json'
import fiFI from './fi-FI.json'
import noNO from './no-NO.json'
import plPL from './pl-PL.json'
import seSE from './se-SE.json'

registerLocales('kit', { 'en-GB': enGB, 'fi-FI': fiFI, 'no-NO': noNO, 'pl-PL': plPL, 'se-SE': seSE })
