import { Button, Card, DeleteAction, EmptyState, FileInput, LoadFailed, Page, Spinner } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { FileText, Upload as UploadIcon } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { GlobalAdminTabs, globalAdminCrumbs } from '../../tabs'
import {
  $chosenFile,
  $manuals,
  $manualsFailed,
  $manualsLoading,
  $uploadCount,
  $uploading,
  deleteConfirmed,
  downloadClicked,
  fileChosen,
  manualsOpened,
  uploadClicked,
} from './model'

const Upload = () => {
  const { t } = useTranslation('globaladmin')
  const { file, uploading, uploads, chosen, upload } = useUnit({
    file: $chosenFile,
    uploading: $uploading,
    uploads: $uploadCount,
    chosen: fileChosen,
    upload: uploadClicked,
  })
  return (
    <div className="ga-upload">
      {/* A new key after each upload empties the input. */}
      <FileInput key={uploads} label={t('manuals.file')} disabled={uploading} onChange={chosen} />
      <Button variant="primary" icon={UploadIcon} disabled={!file || uploading} aria-busy={uploading} onClick={() => upload()}>
        {uploading ? t('manuals.uploading') : t('manuals.upload')}
      </Button>
    </div>
  )
}

/** The manuals, or why there are none; a failure replaces an earlier list and offers Retry. */
const ManualList = () => {
  const { t } = useTranslation('globaladmin')
  const { manuals, loading, failed, opened, download, remove } = useUnit({
    manuals: $manuals,
    loading: $manualsLoading,
    failed: $manualsFailed,
    opened: manualsOpened,
    download: downloadClicked,
    remove: deleteConfirmed,
  })
  if (loading && (failed || !manuals.length)) return <Spinner />
  if (failed) return <LoadFailed text={t('manuals.failed')} onRetry={() => opened()} />
  if (!manuals.length) return <EmptyState icon={FileText} text={t('manuals.empty')} />
  return (
    <ul className="ga-manuals" aria-label={t('tabs.manuals')}>
      {manuals.map((manual) => (
        <li key={manual.id}>
          <Button variant="ghost" size="sm" icon={FileText} title={t('manuals.download', { name: manual.name })} onClick={() => download(manual.id)}>
            {manual.name}
          </Button>
          <DeleteAction
            label={t('manuals.deleteNamed', { name: manual.name })}
            question={{ title: t('manuals.delete.title', { name: manual.name }), text: t('manuals.delete.text') }}
            onConfirmed={() => remove(manual)}
          />
        </li>
      ))}
    </ul>
  )
}

/** /global-admin/manuals */
export const ManualsPage = () => {
  const { t } = useTranslation('globaladmin')
  const opened = useUnit(manualsOpened)
  useEffect(() => opened(), [opened])
  return (
    <Page title={t('title')} crumbs={globalAdminCrumbs()}>
      <GlobalAdminTabs current="manuals">
        <Card title={t('tabs.manuals')}>
          <div className="kit-stack">
            <Upload />
            <ManualList />
          </div>
        </Card>
      </GlobalAdminTabs>
    </Page>
  )
}
