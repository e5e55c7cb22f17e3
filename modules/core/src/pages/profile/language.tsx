import { $locale, Card, LOCALES, type Locale, Select, intlLocale } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { saveLanguageFx } from '../../api'
import { languageSelected } from './language.model'

export const LanguageSection = () => {
  const { t } = useTranslation('core')
  const { locale, saving, selected } = useUnit({ locale: $locale, saving: saveLanguageFx.pending, selected: languageSelected })
  return (
    <Card title={t('language.title')}>
      <Select
        label={t('language.label')}
        value={locale}
        disabled={saving}
        options={LOCALES.map((option) => ({ value: option, label: t(`language.names.${option}`), lang: intlLocale(option) }))}
        onChange={(option) => selected(option as Locale)}
      />
    </Card>
  )
}
