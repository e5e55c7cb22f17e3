import { Button, Card, DeleteAction, EmptyState, IconButton, LoadFailed, Skeleton, Table, type TableColumn, TextInput, useFormat } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { MessageSquare, Pencil } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { type ProjectComment, type ProjectEvent, nameOf } from '../../api'
import {
  $canAdd,
  $comments,
  $draft,
  $editing,
  $events,
  $eventsFailed,
  $failed,
  $loading,
  addClicked,
  commentsOpened,
  draftChanged,
  editCancelled,
  editChanged,
  editSaved,
  editStarted,
  eventsRetried,
  removeConfirmed,
  retried,
} from './comments.model'

const when = (value: string | number | null, format: ReturnType<typeof useFormat>) => (value === null || value === undefined ? '' : format.date(value))

const Comment = ({ comment }: { comment: ProjectComment }) => {
  const { t } = useTranslation('projects')
  const format = useFormat()
  const { editing, start, change, cancel, save, remove } = useUnit({
    editing: $editing,
    start: editStarted,
    change: editChanged,
    cancel: editCancelled,
    save: editSaved,
    remove: removeConfirmed,
  })
  // The server says who may change it: its author, or an administrator of the project.
  const changeable = comment.canEdit
  if (editing?.id === comment.id) {
    return (
      <li className="projects-comment">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            save()
          }}
        >
          <TextInput
            label={t('comments.editLabel')}
            value={editing.text}
            onChange={change}
            action={
              <>
                <Button type="submit" variant="primary" disabled={!editing.text.trim()}>
                  {t('comments.save')}
                </Button>
                <Button onClick={() => cancel()}>{t('common.cancel')}</Button>
              </>
            }
          />
        </form>
      </li>
    )
  }
  return (
    <li className="projects-comment">
      <div className="kit-row">
        <strong>{nameOf(comment.author) || t('comments.former')}</strong>
        <span className="projects-hint">
          {when(comment.creationDate, format)}
          {comment.changeDate && comment.changeDate !== comment.creationDate ? ` · ${t('comments.edited', { date: when(comment.changeDate, format) })}` : ''}
        </span>
        {changeable && (
          <span className="projects-comment-actions">
            <IconButton icon={Pencil} size="sm" label={t('comments.edit')} onClick={() => start(comment)} />
            <DeleteAction label={t('comments.remove')} question={{ title: t('comments.removeTitle') }} onConfirmed={() => remove(comment)} />
          </span>
        )}
      </div>
      <p className="projects-comment-text">{comment.content}</p>
    </li>
  )
}

const EventLog = () => {
  const { t } = useTranslation('projects')
  const format = useFormat()
  const { events, failed, retry } = useUnit({ events: $events, failed: $eventsFailed, retry: eventsRetried })
  const columns: TableColumn<ProjectEvent>[] = [
    { key: 'creationDate', header: t('events.date'), render: (event) => when(event.creationDate, format) },
    { key: 'modifiedBy', header: t('events.modifiedBy'), rowHeader: true },
    { key: 'eventType', header: t('events.type') },
    { key: 'eventName', header: t('events.name') },
    { key: 'subject', header: t('events.subject') },
  ]
  return (
    <Card title={t('events.title')}>
      {failed ? (
        <LoadFailed text={t('events.failed')} onRetry={() => retry()} />
      ) : !events ? (
        <Skeleton />
      ) : events.length === 0 ? (
        <p className="projects-hint">{t('events.empty')}</p>
      ) : (
        <Table columns={columns} rows={events} rowKey={(event) => event.id} caption={t('events.title')} />
      )}
    </Card>
  )
}

export const CommentsTab = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects')
  const { opened, comments, loading, failed, retry, draft, changeDraft, canAdd, add } = useUnit({
    opened: commentsOpened,
    comments: $comments,
    loading: $loading,
    failed: $failed,
    retry: retried,
    draft: $draft,
    changeDraft: draftChanged,
    canAdd: $canAdd,
    add: addClicked,
  })
  const administer = project.accessLevel.administer
  useEffect(() => {
    opened({ projectId: project.id, administer })
  }, [opened, project.id, administer])
  return (
    <div className="kit-stack">
      <Card title={t('comments.title')}>
        <div className="kit-stack">
          <form
            onSubmit={(event) => {
              event.preventDefault()
              add()
            }}
          >
            <TextInput
              label={t('comments.new')}
              value={draft}
              onChange={changeDraft}
              hint={t('comments.newHint')}
              action={
                <Button type="submit" variant="primary" disabled={!canAdd}>
                  {t('comments.add')}
                </Button>
              }
            />
          </form>
          {failed && !loading ? (
            <LoadFailed text={t('comments.failed')} onRetry={() => retry()} />
          ) : !comments ? (
            <Skeleton />
          ) : comments.length === 0 ? (
            <EmptyState icon={MessageSquare} text={t('comments.empty')} />
          ) : (
            <ul className="projects-comments" aria-label={t('comments.title')}>
              {comments.map((comment) => (
                <Comment key={comment.id} comment={comment} />
              ))}
            </ul>
          )}
        </div>
      </Card>
      {administer && <EventLog />}
    </div>
  )
}
