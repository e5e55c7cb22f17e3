import { EmptyState, LoadFailed, Spinner, useBreadcrumbs } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Tabs } from '../../tabs'
import {
  $chosenFile,
  $manuals,
  $manualsFailed,
  $manualsLoading,
  $uploadCount,
  $uploading,
  deleteClicked,
  downloadClicked,
  fileChosen,
  manualsOpened,
  uploadClicked,
} from './model'

const Upload = () => {
  const { t } = useTranslation('globaladmin')
  const inputId = useId()
  const { file, uploading, uploads, chosen, upload } = useUnit({
    file: $chosenFile,
    uploading: $uploading,
    uploads: $uploadCount,
    chosen: fileChosen,
    upload: uploadClicked,
  })
  return (
    <div className="ga-upload">
      <label htmlFor={inputId}>{t('manuals.file')}</label>
      {/* A new key after each upload empties the input. */}
      <input key={uploads} id={inputId} type="file" disabled={uploading} onChange={(event) => chosen(event.target.files?.[0] ?? null)} />
      <button type="button" className="kit-button kit-button-primary" disabled={!file || uploading} aria-busy={uploading} onClick={() => upload()}>
        {uploading ? t('manuals.uploading') : t('manuals.upload')}
      </button>
    </div>
  )
}

/** /global-admin/manuals */
export const ManualsPage = () => {
  const { t } = useTranslation('globaladmin')
  const { loaded, loading, failed, opened, download, remove } = useUnit({
    loaded: $manuals,
    loading: $manualsLoading,
    failed: $manualsFailed,
    opened: manualsOpened,
    download: downloadClicked,
    remove: deleteClicked,
  })
  useEffect(() => opened(), [opened])
  // A failure replaces the manuals of an earlier answer.
  const manuals = failed ? [] : loaded
  useBreadcrumbs([{ label: 'globaladmin:title', href: '/global-admin/manage' }, { label: 'globaladmin:tabs.manuals' }])

  return (
    <div className="ga-page">
      <h1>{t('title')}</h1>
      <Tabs current="manuals" />
      <Upload />
      {failed && !loading && <LoadFailed text={t('manuals.failed')} onRetry={() => opened()} />}
      {loading && !manuals.length ? (
        <Spinner />
      ) : manuals.length ? (
        <ul className="ga-manuals" aria-label={t('tabs.manuals')}>
          {manuals.map((manual) => (
            <li key={manual.id}>
              <button type="button" className="ga-link" title={t('manuals.download', { name: manual.name })} onClick={() => download(manual.id)}>
                {manual.name}
              </button>
              <button type="button" className="kit-button" aria-label={t('manuals.deleteNamed', { name: manual.name })} onClick={() => remove(manual)}>
                {t('manuals.delete.button')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        !failed && <EmptyState text={t('manuals.empty')} />
      )}
    </div>
  )
}
