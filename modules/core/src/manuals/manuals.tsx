import { Button, Card, EmptyState, LoadFailed, Skeleton } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { FileDown } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $manuals, $manualsFailed, $manualsLoading, downloadManualFx, manualsOpened } from './model'

/** The manuals as downloads (a button each: the file needs the sign-in token); an empty state when there are none. */
export const Manuals = () => {
  const { t } = useTranslation('core')
  const { manuals, failed, loading, opened, download } = useUnit({
    manuals: $manuals,
    failed: $manualsFailed,
    loading: $manualsLoading,
    opened: manualsOpened,
    download: downloadManualFx,
  })
  useEffect(() => opened(), [opened])

  return (
    <Card title={t('manuals.title')}>
      {loading && !manuals.length ? (
        <Skeleton lines={2} />
      ) : failed ? (
        <LoadFailed text={t('manuals.failed')} onRetry={() => opened()} />
      ) : manuals.length ? (
        <ul className="kit-stack">
          {manuals.map((manual) => (
            <li key={manual.id}>
              <Button variant="ghost" size="sm" icon={FileDown} onClick={() => download(manual)} title={t('manuals.download', { name: manual.name })}>
                {manual.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState text={t('manuals.empty')} />
      )}
    </Card>
  )
}
