/** The "Used where" tab of a document (part1 §2): what it is linked to, by kind; with EDIT, links added and removed. */
import {
  Alert,
  Button,
  Card,
  DeleteAction,
  Dialog,
  DialogActions,
  EmptyState,
  LoadFailed,
  RadioGroup,
  Skeleton,
  Table,
  type TableColumn,
  TextInput,
  TextLink,
  useFormat,
} from '@app/module-kit'
import type { Folder } from '@app/plugin-documents/shared'
import type { Link } from '@app/plugin-links/shared'
import { useUnit } from 'effector-react'
import { FileText, FolderKanban, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { USED_KINDS, type UsedKind } from '../../used-api'
import { $project } from './model'
import {
  $addError,
  $addPending,
  $adding,
  $candidates,
  $chosen,
  $kind,
  $kinds,
  $search,
  $searchFailed,
  $used,
  $usedFailed,
  SEARCH_MIN,
  addClosed,
  addOpened,
  addSubmitted,
  candidateChosen,
  kindChosen,
  removeConfirmed,
  searchChanged,
  usedOpened,
  usedRetried,
} from './used.model'

const ICONS = { document: FileText, project: FolderKanban } as const

/** One kind's links: each opens its page; with EDIT, each is removed after a Yes. */
const UsedGroup = ({ kind, links, canEdit }: { kind: UsedKind; links: Link[] | undefined; canEdit: boolean }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const remove = useUnit(removeConfirmed)
  const columns: TableColumn<Link>[] = [
    {
      key: 'label',
      header: t(`used.columns.${kind}`),
      rowHeader: true,
      wrap: true,
      render: (link) => <TextLink to={link.route}>{link.label}</TextLink>,
    },
    { key: 'createdAt', header: t('used.columns.createdAt'), render: (link) => format.date(link.createdAt) },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: t('files.actions'),
            actions: true,
            render: (link: Link) => (
              <DeleteAction label={t('used.removeOne', { name: link.label })} question={{ title: t('used.removeQuestion', { name: link.label }) }} onConfirmed={() => remove(link)} />
            ),
          },
        ]
      : []),
  ]
  return (
    <Card title={t(`used.groups.${kind}`)}>
      {links === undefined ? (
        <Skeleton lines={2} />
      ) : links.length === 0 ? (
        <EmptyState icon={ICONS[kind]} text={t(`used.none.${kind}`)} />
      ) : (
        <Table columns={columns} rows={links} rowKey={(link) => link.id} caption={t(`used.groups.${kind}`)} />
      )}
    </Card>
  )
}

/** A new link: the kind, then the thing, found by its number or title (keyboard: the choices are radio groups, Enter adds). */
const AddDialog = () => {
  const { t } = useTranslation('documents')
  const units = useUnit({
    kinds: $kinds,
    // (A shape's key may not be `kind`: effector takes such an object for a unit.)
    shown: $kind,
    search: $search,
    candidates: $candidates,
    searchFailed: $searchFailed,
    chosen: $chosen,
    error: $addError,
    pending: $addPending,
    close: addClosed,
    chooseKind: kindChosen,
    type: searchChanged,
    choose: candidateChosen,
    submit: addSubmitted,
  })
  const short = units.search.trim().length < SEARCH_MIN
  return (
    <Dialog title={t('used.addTitle')} onClose={() => units.close()}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          units.submit()
        }}
      >
        <RadioGroup
          legend={t('used.kind')}
          value={units.shown}
          options={units.kinds.map((kind) => ({ value: kind, label: t(`used.kinds.${kind}`) }))}
          onChange={(kind) => units.chooseKind(kind as UsedKind)}
        />
        <TextInput label={t('used.search')} value={units.search} onChange={units.type} hint={t(short ? `used.searchHint.${units.shown}` : 'used.searchHint.long')} />
        {units.searchFailed ? (
          <Alert tone="error">
            <p>{t('used.searchFailed')}</p>
          </Alert>
        ) : units.candidates === null ? (
          <Skeleton lines={2} />
        ) : units.candidates.length === 0 ? (
          <p>{t('used.noMatches')}</p>
        ) : (
          <RadioGroup
            legend={t('used.matches')}
            value={units.chosen === null ? '' : String(units.chosen)}
            options={units.candidates.map((candidate) => ({ value: String(candidate.id), label: candidate.title }))}
            onChange={(id) => units.choose(Number(id))}
          />
        )}
        {units.error && (
          <Alert tone="error">
            <p>{units.error.detail ? `${t(units.error.key)}: ${units.error.detail}` : t(units.error.key)}</p>
          </Alert>
        )}
        <DialogActions>
          <Button onClick={() => units.close()}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" icon={Plus} disabled={units.chosen === null || units.pending}>
            {t('used.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

export const UsedTab = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const { opened, retry, open, used, failed, kinds, adding, project } = useUnit({
    opened: usedOpened,
    retry: usedRetried,
    open: addOpened,
    used: $used,
    failed: $usedFailed,
    kinds: $kinds,
    adding: $adding,
    project: $project,
  })
  useEffect(() => {
    opened(folder.id)
  }, [opened, folder.id])
  // Adding and removing need EDIT on the document's project (the API checks the other end too); VIEW reads.
  const canEdit = project?.id === folder.projectId && project.accessLevel.edit
  return (
    <div className="kit-stack">
      {canEdit && (
        <div className="kit-row">
          <Button icon={Plus} onClick={() => open()}>
            {t('used.add')}
          </Button>
        </div>
      )}
      {failed ? (
        <LoadFailed text={t('used.loadFailed')} onRetry={() => retry()} />
      ) : (
        USED_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => <UsedGroup key={kind} kind={kind} links={used === null ? undefined : (used[kind] ?? [])} canEdit={canEdit} />)
      )}
      {adding && <AddDialog />}
    </div>
  )
}
