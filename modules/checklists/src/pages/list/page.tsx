/** /project/{projectId}/checklists: the project's checklists with status and progress; administrators add one. */
import { Badge, Button, EmptyState, LoadFailed, MissingPage, Page, type RouteProps, Skeleton, Table, type TableColumn, TextLink, dashboardCrumb, useFormat } from '@app/module-kit'
import type { ChecklistSummary } from '@app/plugin-checklists/shared'
import { useUnit } from 'effector-react'
import { ChevronLeft, ChevronRight, ListChecks, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZE } from '../../api'
import { addPath, checklistPath, personName, projectCrumb } from '../../paths'
import { StatusBadge } from '../../status'
import { $listFailed, $loadError, $loading, $page, $project, listOpened, listRetried, pageChosen } from './model'

export const ChecklistsPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('checklists')
  const format = useFormat()
  const units = useUnit({
    opened: listOpened,
    retry: listRetried,
    choose: pageChosen,
    project: $project,
    loadError: $loadError,
    listFailed: $listFailed,
    page: $page,
    loading: $loading,
  })
  const { opened } = units
  const projectId = Number(params.projectId)
  const valid = Number.isInteger(projectId) && projectId > 0
  useEffect(() => {
    if (valid) opened(projectId)
  }, [opened, projectId, valid])

  if (!valid || units.loadError === 'notFound')
    return <MissingPage title={t('project.notFound')} icon={ListChecks} text={t('project.notFoundText')} back={{ to: '/projects', label: t('project.back') }} />
  const project = units.project?.id === projectId ? units.project : null
  const administer = project?.accessLevel.administer === true
  const page = units.page
  const columns: TableColumn<ChecklistSummary>[] = [
    { key: 'title', header: t('fields.title'), rowHeader: true, wrap: true, render: (row) => <TextLink to={checklistPath(projectId, row.id)}>{row.title}</TextLink> },
    { key: 'status', header: t('fields.status'), render: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'progress',
      header: t('list.progress'),
      render: (row) => (
        <>
          {t('progress.done', { done: format.number(row.doneCount), total: format.number(row.itemCount), count: row.itemCount })}
          {row.overdueCount > 0 && (
            <>
              {' '}
              <Badge tone="danger">{t('progress.overdue', { count: row.overdueCount })}</Badge>
            </>
          )}
        </>
      ),
    },
    { key: 'children', header: t('list.children'), render: (row) => format.number(row.childCount) },
    { key: 'responsible', header: t('fields.responsible'), wrap: true, render: (row) => personName(row.responsibleUser) },
    { key: 'changedAt', header: t('list.changedAt'), render: (row) => format.date(row.changedAt) },
  ]
  const add = administer && (
    <Button variant="primary" icon={Plus} to={addPath(projectId)}>
      {t('list.add')}
    </Button>
  )
  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1
  const current = page ? Math.floor(page.skip / PAGE_SIZE) + 1 : 1
  return (
    <Page
      title={t('list.title')}
      crumbs={project ? [dashboardCrumb(), projectCrumb(project), { label: 'checklists:list.title' }] : [dashboardCrumb()]}
      actions={add}
      loading={!project && !units.loadError}
      forbidden={units.loadError === 'forbidden'}
      error={units.loadError === 'failed' ? t('project.loadFailed') : null}
      onRetry={() => units.retry()}
    >
      <div className="kit-stack">
        {units.listFailed ? (
          <LoadFailed text={t('list.loadFailed')} onRetry={() => units.retry()} />
        ) : page === null ? (
          <Skeleton lines={3} />
        ) : page.total === 0 ? (
          <EmptyState icon={ListChecks} title={t('list.empty')} text={t(administer ? 'list.emptyText' : 'list.emptyReadOnly')} action={add} />
        ) : (
          <>
            <Table columns={columns} rows={page.data} rowKey={(row) => row.id} caption={t('list.caption', { count: page.total })} busy={units.loading} />
            {pages > 1 && (
              <nav className="kit-row" aria-label={t('list.pages')}>
                <Button variant="ghost" size="sm" icon={ChevronLeft} disabled={current <= 1 || units.loading} onClick={() => units.choose(page.skip - PAGE_SIZE)}>
                  {t('list.previous')}
                </Button>
                <span>{t('list.pageOf', { page: current, pages })}</span>
                <Button variant="ghost" size="sm" icon={ChevronRight} disabled={current >= pages || units.loading} onClick={() => units.choose(page.skip + PAGE_SIZE)}>
                  {t('list.next')}
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </Page>
  )
}
