/**
 * Messages that may be an i18n key (namespace `kit`, or fully qualified `ns:key`) or
 * text that is already translated, such as a server message or a project's name.
 */
import { useTranslation } from 'react-i18next'
import '../locales'

export type TextValues = Record<string, unknown>

/** Translates a known key and returns anything else unchanged; re-renders on a language change. */
export const useText = () => {
  const { t, i18n } = useTranslation('kit')
  return (key: string, values?: TextValues): string =>
    i18n.exists(key, { ns: 'kit' }) ? String(t(key as never, values as never)) : key
}
