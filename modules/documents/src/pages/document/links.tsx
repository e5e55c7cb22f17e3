import { Button, Card, DeleteAction, Dialog, DialogActions, FormError, FormFrame, IconButton, Link, LoadFailed, Skeleton, SubmitButton, Table, type TableColumn, TextField } from '@app/module-kit'
import type { Folder, FolderUrl } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { Pencil, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $editing, $links, $linksFailed, linkEditClosed, linkEditStarted, linkForm, linkRemoveConfirmed, linksOpened, linksRetried } from './links.model'

/** A new link, or one changed: its name and address. */
const LinkDialog = ({ adding }: { adding: boolean }) => {
  const { t } = useTranslation('documents')
  const close = useUnit(linkEditClosed)
  return (
    <Dialog title={t(adding ? 'links.addTitle' : 'links.editTitle')} onClose={() => close()}>
      <FormFrame form={linkForm}>
        <TextField form={linkForm} name="description" label={t('links.name')} />
        <TextField form={linkForm} name="url" label={t('links.url')} type="url" placeholder="https://" />
        <FormError form={linkForm} />
        <DialogActions>
          <Button onClick={() => close()}>{t('common.cancel')}</Button>
          <SubmitButton form={linkForm}>{t(adding ? 'links.add' : 'links.save')}</SubmitButton>
        </DialogActions>
      </FormFrame>
    </Dialog>
  )
}

/** The document's links (part1 §3 "Folder URL"), under its files: each opens in a new tab. */
export const LinksCard = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const { opened, links, failed, retry, edit, remove, editing } = useUnit({
    opened: linksOpened,
    links: $links,
    failed: $linksFailed,
    retry: linksRetried,
    edit: linkEditStarted,
    remove: linkRemoveConfirmed,
    editing: $editing,
  })
  useEffect(() => {
    opened(folder.id)
  }, [opened, folder.id])
  const archived = folder.state === 'ARCHIVED'
  const columns: TableColumn<FolderUrl>[] = [
    {
      key: 'description',
      header: t('links.name'),
      rowHeader: true,
      render: (link) => (
        <Link className="kit-link" to={link.url} target="_blank" rel="noopener noreferrer">
          {link.description}
        </Link>
      ),
    },
    { key: 'url', header: t('links.url') },
    {
      key: 'actions',
      header: t('files.actions'),
      actions: true,
      render: (link) =>
        !archived && (
          <>
            <IconButton icon={Pencil} size="sm" label={t('links.editOne', { name: link.description })} onClick={() => edit(link)} />
            <DeleteAction label={t('links.deleteOne', { name: link.description })} question={{ title: t('links.deleteQuestion', { name: link.description }) }} onConfirmed={() => remove(link)} />
          </>
        ),
    },
  ]
  return (
    <Card
      title={t('links.title')}
      actions={
        !archived && (
          <Button icon={Plus} onClick={() => edit(null)}>
            {t('links.add')}
          </Button>
        )
      }
    >
      {failed ? (
        <LoadFailed text={t('links.loadFailed')} onRetry={() => retry()} />
      ) : links === null ? (
        <Skeleton lines={2} />
      ) : links.length === 0 ? (
        <p>{t(archived ? 'links.noneArchived' : 'links.none')}</p>
      ) : (
        <Table columns={columns} rows={links} rowKey={(link) => link.id} caption={t('links.title')} />
      )}
      {editing && <LinkDialog adding={editing.id === null} />}
    </Card>
  )
}
