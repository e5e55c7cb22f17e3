import { Button, EmptyState, Page } from '@app/module-kit'
import { House, MapPinOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export const NotFoundPage = () => {
  const { t } = useTranslation('shell')
  return (
    <Page title={t('notFound.title')}>
      <EmptyState
        icon={MapPinOff}
        text={t('notFound.text')}
        action={
          <Button to="/" icon={House}>
            {t('notFound.home')}
          </Button>
        }
      />
    </Page>
  )
}
