import { $flags, Alert, Button, type DataColumn, DataTable, ListFilter, Page, type RouteProps, TextLink, useFormat } from '@app/module-kit'
import type { Project, ProjectSort } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { Download, List, ListTree, Plus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $exporting, exportClicked, listOpened, projects } from './model'
import { ProjectTree } from './tree'
import '../texts'

/** A person as the list shows them: first and last name, else the login. */
export const personName = (person: { firstName: string; lastName: string; username: string } | null) =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username : ''

/** `?companyId=` as a positive id, else null. */
export const companyIdOf = (query: URLSearchParams) => {
  const id = Number(query.get('companyId'))
  return Number.isInteger(id) && id > 0 ? id : null
}

export const ProjectsPage = ({ query }: RouteProps) => {
  const { t } = useTranslation('projects')
  const format = useFormat()
  const { flags, total, filter, exporting, opened, exportFile } = useUnit({
    flags: $flags,
    total: projects.$total,
    filter: projects.$appliedFilter,
    exporting: $exporting,
    opened: listOpened,
    exportFile: exportClicked,
  })
  const companyId = companyIdOf(query)
  const tree = query.get('view') === 'tree'
  useEffect(() => {
    opened({ companyId })
  }, [opened, companyId])
  // The other view, keeping the client the list is narrowed to.
  const otherView = `/projects?${new URLSearchParams({ ...(companyId ? { companyId: String(companyId) } : {}), ...(tree ? {} : { view: 'tree' }) })}`.replace(/\?$/, '')

  const date = (value: number | null) => (value === null ? '' : format.date(value))
  const columns: DataColumn<Project, ProjectSort>[] = [
    { key: 'symbol', header: t('fields.symbol'), sortable: true },
    {
      key: 'name',
      header: t('fields.name'),
      sortable: true,
      rowHeader: true,
      render: (project) => <TextLink to={`/project/${project.id}`}>{project.name}</TextLink>,
    },
    { key: 'manager', header: t('fields.manager'), sortable: true, render: (project) => personName(project.manager) },
    { key: 'client', header: t('fields.client'), sortable: true, render: (project) => project.company?.name ?? '' },
    { key: 'createdAt', header: t('fields.createdAt'), sortable: true, render: (project) => format.date(project.createdAt) },
    { key: 'startDate', header: t('fields.startDate'), sortable: true, render: (project) => date(project.startDate) },
    { key: 'endDate', header: t('fields.endDate'), sortable: true, render: (project) => date(project.endDate) },
  ]
  const actions = (
    <>
      <Button variant="ghost" icon={tree ? List : ListTree} to={otherView}>
        {t(tree ? 'tree.asList' : 'tree.asTree')}
      </Button>
      {(flags.canManageAccounts || flags.canManageSettings) && (
        <Button icon={Download} disabled={exporting} aria-busy={exporting || undefined} onClick={() => exportFile()}>
          {t('list.export')}
        </Button>
      )}
      {flags.canManageProjects && (
        <Button to="/project/add" variant="primary" icon={Plus}>
          {t('list.new')}
        </Button>
      )}
    </>
  )

  return (
    <Page title={t('list.title')} actions={actions}>
      {companyId !== null && (
        <Alert tone="info" actions={<Button to="/projects" size="sm">{t('list.allProjects')}</Button>}>
          <p>{t('list.oneClient')}</p>
        </Alert>
      )}
      {tree ? (
        <ProjectTree companyId={companyId} />
      ) : (
        <>
          <div className="kit-row">
            <ListFilter list={projects} label={t('list.filter')} placeholder={t('list.filter')} />
          </div>
          <DataTable
            list={projects}
            columns={columns}
            rowKey={(project) => project.id}
            caption={t('list.caption', { count: total })}
            emptyText={t(filter ? 'list.noMatch' : 'list.empty')}
          />
        </>
      )}
    </Page>
  )
}
