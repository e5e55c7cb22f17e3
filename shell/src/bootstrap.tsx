import { $locale, intlLocale } from '@app/module-kit'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { appStarted } from './boot'
import { registerShellLocales } from './locales'
import './shell.css'

registerShellLocales()
// The page's language follows the chosen locale as a real language tag (screen readers, hyphenation).
$locale.watch((locale) => {
  document.documentElement.lang = intlLocale(locale)
})
appStarted()

// No StrictMode: its double effects would mount every remote parcel twice into one outlet.
createRoot(document.getElementById('root')!).render(<App />)
