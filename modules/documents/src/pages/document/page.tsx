import {
  $session,
  Alert,
  Badge,
  Button,
  Checkbox,
  Link,
  useQueryParams,
  dashboardCrumb,
  confirm,
  DeleteAction,
  Dialog,
  DialogActions,
  EmptyState,
  Skeleton,
  FileInput,
  FileManagerButton,
  FormActions,
  FormFrame,
  IconButton,
  LoadFailed,
  MissingPage,
  Page,
  type RouteProps,
  RouteTabs,
  Table,
  type TableColumn,
  TextInput,
  useFormat,
} from '@app/module-kit'
import type { Folder, FolderFile } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { Combine, Copy, Download, FileX, Lock, LockOpen, Pencil, Star, StarOff, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { $choices } from '../../choices'
import { documentPath, documentTitle, documentsCrumb, personName, projectCrumb } from '../../crumbs'
import { DocumentFields } from '../../document-fields'
import { filesChosen } from '../../upload/model'
import { UploadPanel } from '../../upload/UploadPanel'
import { ControlTab, LogTab, RevisionsTab, useControlData } from './control'
import { $revisions } from './control.model'
import { ActionsTab } from './actions'
import { BindersTab } from './binders'
import { DeleteBlocks } from './delete-blocks'
import { LinksCard } from './links'
import { TABS, type Tab } from './tabs'
import { UsedTab } from './used'
import { MaterialsTab } from './materials'
import {
  $favorite,
  $files,
  $filesFailed,
  $filesLoading,
  $merging,
  $loadError,
  $renameError,
  $renamePending,
  $renaming,
  $revisionFiles,
  $revisionFilesFailed,
  $misplaced,
  $project,
  $shown,
  copyClicked,
  deleteConfirmed,
  deleteFilesConfirmed,
  documentOpened,
  downloadClicked,
  favoriteToggled,
  filesRetried,
  lockToggled,
  mergeClicked,
  metadataForm,
  renameClosed,
  renameOpened,
  renameSubmitted,
  revisionViewed,
} from './model'
import { NotesTab } from './notes'



/**
 * A file's actions for the caller: who checked it out alone may change it meanwhile (the
 * API says the same); checking it in is theirs or an administrator's of the project.
 */
const fileActions = (file: FolderFile, me: number | undefined, administer: boolean) => {
  const mine = !file.locked || file.lockedBy?.id === me
  return { change: mine, checkIn: file.locked && (mine || administer), checkOut: !file.locked }
}

const FilesTab = ({ folder, administer }: { folder: Folder; administer: boolean }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const { files, loading, failed, retryFiles, choose, download, remove, rename, toggleLock, copy, merge, merging, session } = useUnit({
    files: $files,
    loading: $filesLoading,
    failed: $filesFailed,
    retryFiles: filesRetried,
    choose: filesChosen,
    download: downloadClicked,
    remove: deleteFilesConfirmed,
    rename: renameOpened,
    toggleLock: lockToggled,
    copy: copyClicked,
    merge: mergeClicked,
    merging: $merging,
    session: $session,
  })
  const me = session?.user.id
  // An archived revision's files, opened from the Revisions tab: read only, downloadable.
  const revisionId = Number(useQueryParams().get('revision')) || null
  const older = useUnit({ view: revisionViewed, kept: $revisionFiles, failed: $revisionFilesFailed, revisions: $revisions })
  const { view } = older
  useEffect(() => {
    if (revisionId) view({ folderId: folder.id, revisionId })
  }, [view, folder.id, revisionId])
  useControlData(folder.id, revisionId !== null)
  const viewed = revisionId === null ? null : { label: older.revisions.find((revision) => revision.id === revisionId)?.revision ?? '', files: older.kept?.revisionId === revisionId ? older.kept.files : null }
  const rows = viewed ? (viewed.files ?? []) : files
  const [selected, setSelected] = useState<number[]>([])
  const archived = folder.state === 'ARCHIVED'
  const readOnly = archived || viewed !== null
  const toggle = (id: number) => setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]))
  const chosen = selected.filter((id) => rows.some((file) => file.id === id))
  const columns: TableColumn<FolderFile>[] = [
    {
      key: 'pick',
      header: t('files.pick'),
      render: (file) => (
        <Checkbox hideLabel label={t('files.pickOne', { name: file.name })} checked={chosen.includes(file.id)} onChange={() => toggle(file.id)} />
      ),
    },
    {
      key: 'name',
      header: t('files.name'),
      rowHeader: true,
      render: (file) => (
        <>
          <Button variant="ghost" size="sm" icon={Download} onClick={() => download([file.id])}>
            {file.name}
          </Button>
          {file.locked && <Badge tone="warning">{t('files.checkedOutBy', { name: personName(file.lockedBy) || t('files.someone') })}</Badge>}
        </>
      ),
    },
    { key: 'size', header: t('files.size'), render: (file) => format.storageBytes(file.size) },
    { key: 'uploadDate', header: t('files.uploadDate'), render: (file) => format.date(file.uploadDate) },
    { key: 'creator', header: t('files.creator'), render: (file) => personName(file.creator) },
    {
      key: 'actions',
      header: t('files.actions'),
      actions: true,
      render: (file) => {
        if (readOnly) return null
        const may = fileActions(file, me, administer)
        return (
          <>
            {may.checkOut && <IconButton icon={Lock} size="sm" label={t('files.checkOut', { name: file.name })} onClick={() => toggleLock(file)} />}
            {may.checkIn && <IconButton icon={LockOpen} size="sm" label={t('files.checkIn', { name: file.name })} onClick={() => toggleLock(file)} />}
            {may.change && (
              <>
                <IconButton icon={Copy} size="sm" label={t('files.copyOne', { name: file.name })} onClick={() => copy(file)} />
                <IconButton icon={Pencil} size="sm" label={t('files.renameOne', { name: file.name })} onClick={() => rename(file)} />
                <DeleteAction label={t('files.deleteOne', { name: file.name })} question={{ title: t('files.deleteQuestion', { count: 1 }) }} onConfirmed={() => remove([file.id])} />
              </>
            )}
          </>
        )
      },
    },
  ]
  // Merged in the order they were ticked; only when every chosen file is a PDF.
  const mergeable = chosen.length >= 2 && chosen.every((id) => rows.find((file) => file.id === id)?.mime === 'application/pdf')
  const mergeChosen = () => {
    merge(chosen)
    setSelected([])
  }
  const removeChosen = async () => {
    if (await confirm({ title: t('files.deleteQuestion', { count: chosen.length }) })) remove(chosen)
  }
  const current = documentPath(folder.projectId, folder.id)
  return (
    <div className="kit-stack">
      {viewed && (
        <Alert
          tone="info"
          actions={
            <Link className="kit-link" to={current}>
              {t('files.backToCurrent')}
            </Link>
          }
        >
          <p>{t('files.viewingRevision', { revision: viewed.label })}</p>
        </Alert>
      )}
      <div className="kit-row">
        {!viewed && (
          <FileInput
            multiple
            label={t('files.upload')}
            disabled={archived}
            hint={archived ? t('files.archivedHint') : t('files.uploadHint')}
            onChange={(picked) => picked.length > 0 && choose({ files: picked, folderId: folder.id, projectId: folder.projectId })}
          />
        )}
        <Button icon={Download} disabled={chosen.length === 0} onClick={() => download(chosen)}>
          {t('files.downloadSelected', { count: chosen.length })}
        </Button>
        {!readOnly && (
          <Button icon={Combine} disabled={!mergeable || merging} onClick={mergeChosen}>
            {t('files.mergeSelected', { count: chosen.length })}
          </Button>
        )}
        {!readOnly && (
          <Button icon={Trash2} variant="ghost" className="kit-button-quiet-danger" disabled={chosen.length === 0} onClick={removeChosen}>
            {t('files.deleteSelected', { count: chosen.length })}
          </Button>
        )}
      </div>
      {(viewed ? older.failed : failed) ? (
        <LoadFailed text={t('files.loadFailed')} onRetry={() => (viewed ? view({ folderId: folder.id, revisionId: revisionId! }) : retryFiles())} />
      ) : viewed && viewed.files === null ? (
        <Skeleton />
      ) : rows.length === 0 && !loading ? (
        <EmptyState icon={FileX} title={t('files.empty')} text={viewed ? t('files.revisionEmpty') : archived ? t('files.archivedHint') : t('files.emptyText')} />
      ) : (
        <Table columns={columns} rows={rows} rowKey={(file) => file.id} caption={t('files.caption', { count: rows.length })} busy={!viewed && loading} />
      )}
      {!viewed && <LinksCard folder={folder} />}
      <RenameDialog />
    </div>
  )
}

/** Renames one file: the same name just closes; a refusal says why, and the dialog stays. */
const RenameDialog = () => {
  const { t } = useTranslation('documents')
  const { file, error, pending, close, submit } = useUnit({ file: $renaming, error: $renameError, pending: $renamePending, close: renameClosed, submit: renameSubmitted })
  const [name, setName] = useState('')
  useEffect(() => setName(file?.name ?? ''), [file])
  if (!file) return null
  return (
    <Dialog title={t('files.renameTitle', { name: file.name })} onClose={() => close()}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit(name)
        }}
      >
        <TextInput label={t('files.newName')} value={name} onChange={setName} />
        {error && (
          <Alert tone="error">
            <p>{error.startsWith('files.') ? t(error) : error}</p>
          </Alert>
        )}
        <DialogActions>
          <Button type="submit" variant="primary" disabled={pending || !name.trim()}>
            {t('files.rename')}
          </Button>
          <Button onClick={() => close()}>{t('common.cancel')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

const MetadataTab = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const choices = useUnit($choices)
  return (
    <FormFrame form={metadataForm}>
      <DocumentFields form={metadataForm} choices={choices} selfId={folder.id} archived={folder.state === 'ARCHIVED'} />
      <FormActions form={metadataForm} save={t('metadata.save')} cancel={t('common.cancel')} cancelTo={documentPath(folder.projectId, folder.id)} />
    </FormFrame>
  )
}

const TabContent = ({ tab, folder, administer }: { tab: Tab; folder: Folder; administer: boolean }) => {
  if (tab === 'metadata') return <MetadataTab folder={folder} />
  if (tab === 'control') return <ControlTab folder={folder} />
  if (tab === 'revisions') return <RevisionsTab folder={folder} administer={administer} />
  if (tab === 'notes') return <NotesTab folder={folder} />
  if (tab === 'used') return <UsedTab folder={folder} />
  if (tab === 'actions') return <ActionsTab folder={folder} />
  if (tab === 'materials') return <MaterialsTab folder={folder} />
  if (tab === 'log') return <LogTab folder={folder} />
  // The document's pages need EDIT (part1 §2): whoever sees the tab may add and remove.
  if (tab === 'binders') return <BindersTab folder={folder} edit />
  return <FilesTab folder={folder} administer={administer} />
}

export const DocumentPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('documents')
  const projectId = Number(params.projectId)
  const documentId = Number(params.documentId)
  const valid = [projectId, documentId].every((id) => Number.isInteger(id) && id > 0)
  const tab: Tab = (TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : 'files'
  const units = useUnit({
    folder: $shown,
    misplaced: $misplaced,
    project: $project,
    loadError: $loadError,
    favorite: $favorite,
    opened: documentOpened,
    toggleFavorite: favoriteToggled,
    remove: deleteConfirmed,
  })
  const { opened } = units
  useEffect(() => {
    if (valid) opened({ projectId, documentId })
  }, [opened, projectId, documentId, valid])

  if (!valid || units.loadError === 'notFound' || units.misplaced) {
    return <MissingPage title={t('document.notFound')} icon={FileX} text={t('document.notFoundText')} back={{ to: valid ? `/project/${projectId}` : '/documents', label: t('document.back') }} />
  }
  const project = units.project?.id === projectId ? units.project : null
  const folder = units.folder
  const ready = folder && project
  const actions = ready && (
    <>
      {folder.state === 'ARCHIVED' && <Badge tone="info">{t('values.state.ARCHIVED')}</Badge>}
      <FileManagerButton />
      <Button variant="ghost" icon={units.favorite ? StarOff : Star} onClick={() => units.toggleFavorite()}>
        {t(units.favorite ? 'document.unfavorite' : 'document.favorite')}
      </Button>
      <DeleteAction
        showLabel
        // Disabled while it has files (part1 §4); the API refuses it too, naming them.
        disabled={folder.fileCount > 0}
        label={t('document.delete')}
        question={{ title: t('document.deleteQuestion', { name: documentTitle(folder) }) }}
        onConfirmed={() => units.remove()}
      />
    </>
  )
  return (
    <Page
      title={folder ? documentTitle(folder) : t('document.title')}
      // Set by the view, so each tab (a path of its own) draws the trail again.
      crumbs={ready ? [dashboardCrumb(), documentsCrumb(), projectCrumb(project), { label: documentTitle(folder) }] : undefined}
      actions={actions}
      loading={!ready && !units.loadError}
      // Both tabs need EDIT on the project (part1 §2).
      forbidden={units.loadError === 'forbidden' || (project !== null && !project.accessLevel.edit)}
      error={units.loadError === 'failed' ? t('document.loadFailed') : null}
      onRetry={() => opened({ projectId, documentId })}
    >
      {ready && <DeleteBlocks folder={folder} />}
      {ready && (
        <RouteTabs label={t('document.tabs')} tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`), path: documentPath(projectId, documentId, id) }))} selected={tab}>
          <TabContent tab={tab} folder={folder} administer={project.accessLevel.administer} />
        </RouteTabs>
      )}
      <UploadPanel />
    </Page>
  )
}
