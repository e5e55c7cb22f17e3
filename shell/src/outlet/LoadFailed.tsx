/** A part of the app whose code did not arrive (a remote, the signed-in app), with Retry. */
import { Page } from '@app/module-kit'
import { useTranslation } from 'react-i18next'

export const LoadFailed = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation('shell')
  return <Page title={t('remote.failed')} error={t('remote.failedText')} onRetry={onRetry} />
}
