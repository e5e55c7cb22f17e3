/** The Control and approval, Revisions and Change log tabs of a document (part1 §2, §4). */
import { Alert, Badge, Button, Card, confirm, DeleteAction, EmptyState, epochToDay, Link, Table, type TableColumn, TextInput, useFormat } from '@app/module-kit'
import { CONTROL_ROLES, type ControlRole, type Folder, type FolderEvent, type Revision } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { Archive, ArchiveRestore, Check, FilePlus2, History, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { documentPath, personName } from '../../crumbs'
import {
  $controlBusy,
  $events,
  $eventsTotal,
  $revisions,
  $ticks,
  archiveClicked,
  controlOpened,
  newRevisionClicked,
  revisionDeleteConfirmed,
  tickCleared,
  ticked,
  unarchiveConfirmed,
} from './control.model'


/** Reads the tabs' data for the document once it is shown. */
/** Loads the document's ticks, revisions and change log (once per document shown). */
export const useControlData = (folderId: number, enabled = true) => {
  const opened = useUnit(controlOpened)
  useEffect(() => {
    if (enabled) opened(folderId)
  }, [opened, folderId, enabled])
}

const TickRow = ({ role, archived }: { role: ControlRole; archived: boolean }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const { ticks, busy, tick, clear } = useUnit({ ticks: $ticks, busy: $controlBusy, tick: ticked, clear: tickCleared })
  const [day, setDay] = useState(() => epochToDay(Date.now()))
  const done = ticks.find((one) => one.role === role)
  return (
    <Card title={t(`control.role.${role}`)}>
      {done ? (
        <div className="kit-row">
          <Badge tone="success">{t('control.doneBy', { name: personName(done.by) || t('control.someone'), day: format.date(done.doneOn) })}</Badge>
          {!archived && (
            <Button size="sm" variant="ghost" icon={X} disabled={busy} onClick={() => clear(role)}>
              {t(`control.clear.${role}`)}
            </Button>
          )}
        </div>
      ) : (
        <div className="kit-row">
          <TextInput type="date" label={t('control.day', { role: t(`control.role.${role}`) })} value={day} onChange={setDay} />
          <Button size="sm" icon={Check} disabled={busy || archived || !day} onClick={() => tick({ role, day })}>
            {t(`control.tick.${role}`)}
          </Button>
        </div>
      )}
    </Card>
  )
}

export const ControlTab = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  useControlData(folder.id)
  const { ticks, busy, archive, unarchive, newRevision } = useUnit({ ticks: $ticks, busy: $controlBusy, archive: archiveClicked, unarchive: unarchiveConfirmed, newRevision: newRevisionClicked })
  const [revision, setRevision] = useState('')
  const archived = folder.state === 'ARCHIVED'
  const allTicked = CONTROL_ROLES.every((role) => ticks.some((one) => one.role === role))
  const askUnarchive = async () => {
    if (await confirm({ title: t('control.unarchiveQuestion', { revision: folder.revision ?? '' }), text: t('control.unarchiveText') })) unarchive()
  }
  return (
    <div className="kit-stack">
      <Alert tone={!archived && allTicked ? 'success' : 'info'}>
        <p>{archived ? t('control.archivedAs', { revision: folder.revision ?? '' }) : allTicked ? t('control.ready') : t('control.needsTicks')}</p>
      </Alert>
      {CONTROL_ROLES.map((role) => (
        <TickRow key={role} role={role} archived={archived} />
      ))}
      <div className="kit-row">
        {archived ? (
          <>
            <Button icon={FilePlus2} variant="primary" disabled={busy} onClick={() => newRevision()}>
              {t('control.newRevision')}
            </Button>
            <Button icon={ArchiveRestore} disabled={busy} onClick={askUnarchive}>
              {t('control.unarchive')}
            </Button>
          </>
        ) : (
          <>
            <TextInput label={t('control.revision')} hint={t('control.revisionHint')} value={revision} onChange={setRevision} />
            <Button icon={Archive} variant="primary" disabled={busy || !allTicked} onClick={() => archive(revision)}>
              {t('control.archive')}
            </Button>
          </>
        )}
      </div>
    </div>
  )
}

/** The archived revisions: each one's files to look at, and an older one deleted by an administrator of the project. */
export const RevisionsTab = ({ folder, administer }: { folder: Folder; administer: boolean }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  useControlData(folder.id)
  const { revisions, remove } = useUnit({ revisions: $revisions, remove: revisionDeleteConfirmed })
  const files = documentPath(folder.projectId, folder.id)
  const columns: TableColumn<Revision>[] = [
    { key: 'revision', header: t('revisions.revision'), rowHeader: true, render: (row) => (row.current ? <>{row.revision} <Badge tone="info">{t('revisions.current')}</Badge></> : row.revision) },
    { key: 'archivedAt', header: t('revisions.archivedAt'), render: (row) => format.date(row.archivedAt) },
    { key: 'archivedBy', header: t('revisions.archivedBy'), render: (row) => personName(row.archivedBy) },
    { key: 'approved', header: t('control.role.APPROVE'), render: (row) => personName(row.controls.find((c) => c.role === 'APPROVE')?.by ?? null) },
    { key: 'files', header: t('list.files'), render: (row) => format.number(row.fileCount) },
    {
      key: 'actions',
      header: t('files.actions'),
      actions: true,
      render: (row) => (
        <>
          {/* The current revision's files are the document's own. */}
          <Link className="kit-link" to={row.current ? files : `${files}?revision=${row.id}`}>
            {t('revisions.viewFiles', { revision: row.revision })}
          </Link>
          {administer && !row.current && (
            <DeleteAction
              label={t('revisions.delete', { revision: row.revision })}
              question={{ title: t('revisions.deleteQuestion', { revision: row.revision, count: row.fileCount }) }}
              onConfirmed={() => remove(row)}
            />
          )}
        </>
      ),
    },
  ]
  if (revisions.length === 0) return <EmptyState icon={History} title={t('revisions.empty')} text={t('revisions.emptyText')} />
  return <Table columns={columns} rows={revisions} rowKey={(row) => row.id} caption={t('revisions.caption', { count: revisions.length })} />
}

export const LogTab = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  useControlData(folder.id)
  const { events, total } = useUnit({ events: $events, total: $eventsTotal })
  const columns: TableColumn<FolderEvent>[] = [
    { key: 'creationDate', header: t('log.date'), render: (row) => format.date(row.creationDate) },
    { key: 'modifiedBy', header: t('log.who'), render: (row) => personName(row.modifiedBy) },
    { key: 'eventType', header: t('log.event'), rowHeader: true, render: (row) => t(`log.type.${row.eventType}`, { defaultValue: row.eventType }) },
    { key: 'subject', header: t('log.subject'), render: (row) => row.subject },
  ]
  if (events.length === 0) return <EmptyState icon={History} text={t('log.empty')} />
  return (
    <>
      <Table columns={columns} rows={events} rowKey={(row) => row.id} caption={t('log.caption', { count: total })} />
      {total > events.length && (
        <Alert tone="info">
          <p>{t('log.newest', { shown: events.length, total })}</p>
        </Alert>
      )}
    </>
  )
}
