import { $locale, Card, LOCALES, type Locale, intlLocale } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { saveLanguageFx } from '../../api'
import { languageSelected } from './language.model'

export const LanguageSection = () => {
  const { t } = useTranslation('core')
  const { locale, saving, selected } = useUnit({ locale: $locale, saving: saveLanguageFx.pending, selected: languageSelected })
  return (
    <Card title={t('language.title')}>
      <div className="kit-field">
        <label className="kit-field-label" htmlFor="core-language">
          {t('language.label')}
        </label>
        <select
          className="kit-input"
          id="core-language"
          value={locale}
          disabled={saving}
          onChange={(event) => selected(event.currentTarget.value as Locale)}
        >
          {LOCALES.map((option) => (
            <option key={option} value={option} lang={intlLocale(option)}>
              {t(`language.names.${option}`)}
            </option>
          ))}
        </select>
      </div>
    </Card>
  )
}
