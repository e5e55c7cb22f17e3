/** A remote whose one page throws while rendering: proves the shell's error boundary per area. */
import { defineModule } from '@app/module-kit'
import enGB from './locales/en-GB.json'
import fiFI from './locales/fi-FI.json'
import noNO from './locales/no-NO.json'
import plPL from './locales/pl-PL.json'
import seSE from './locales/se-SE.json'

const CrashPage = (): never => {
  // A key, so the error page shows it in the user's language.
  throw new Error('crashtest:crash')
}

export default defineModule({
  id: 'crashtest',
  routes: [{ path: '/crashtest', component: CrashPage }],
  locales: { 'en-GB': enGB, 'fi-FI': fiFI, 'no-NO': noNO, 'pl-PL': plPL, 'se-SE': seSE },
})
