import { Card, CommentThread, LoadFailed, Skeleton, Table, type TableColumn, useFormat } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProjectEvent } from '../../api'
import { $events, $eventsFailed, commentsOpened, eventsRetried, projectComments } from './comments.model'

const when = (value: string | number | null, format: ReturnType<typeof useFormat>) => (value === null || value === undefined ? '' : format.date(value))

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
  const opened = useUnit(commentsOpened)
  const administer = project.accessLevel.administer
  useEffect(() => {
    opened({ projectId: project.id, administer })
  }, [opened, project.id, administer])
  return (
    <div className="kit-stack">
      <Card title={t('comments.title')}>
        <CommentThread
          model={projectComments}
          texts={{
            title: t('comments.title'),
            new: t('comments.new'),
            newHint: t('comments.newHint'),
            add: t('comments.add'),
            empty: t('comments.empty'),
            failed: t('comments.failed'),
            edit: t('comments.edit'),
            editLabel: t('comments.editLabel'),
            remove: t('comments.remove'),
            removeTitle: t('comments.removeTitle'),
          }}
        />
      </Card>
      {administer && <EventLog />}
    </div>
  )
}
