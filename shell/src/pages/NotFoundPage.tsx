import { MissingPage } from '@app/module-kit'
import { House } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export const NotFoundPage = () => {
  const { t } = useTranslation('shell')
  return <MissingPage title={t('notFound.title')} text={t('notFound.text')} back={{ to: '/', label: t('notFound.home'), icon: House }} />
}
