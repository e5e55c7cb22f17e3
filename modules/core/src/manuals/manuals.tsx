import { EmptyState, LoadFailed, Spinner } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $manuals, $manualsFailed, $manualsLoading, downloadManualFx, manualsOpened } from './model'

/** The manuals as download links; an empty state when there are none. */
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
    <section className="core-section" aria-labelledby="core-manuals-title">
      <h2 id="core-manuals-title">{t('manuals.title')}</h2>
      {loading && !manuals.length ? (
        <Spinner />
      ) : failed ? (
        <LoadFailed text={t('manuals.failed')} onRetry={() => opened()} />
      ) : manuals.length ? (
        <ul className="core-manuals">
          {manuals.map((manual) => (
            <li key={manual.id}>
              <button type="button" className="core-link-button" onClick={() => download(manual)} title={t('manuals.download', { name: manual.name })}>
                {manual.name}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState text={t('manuals.empty')} />
      )}
    </section>
  )
}
