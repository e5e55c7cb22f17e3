import { Button, type Crumb, ForbiddenPage, MissingPage, Page, type RouteProps, RouteTabs, dashboardCrumb } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { FolderX, PanelTopClose, PanelTopOpen } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { projectTitle, projectsCrumb } from '../../crumbs'
import { CommentsTab } from './comments'
import { $options } from './dashboard/model'
import { ProjectDashboard } from './dashboard/page'
import { MetadataTab } from './metadata'
import { $collapsed, $loadError, $project, TABS, type Tab, collapseToggled, projectOpened, visibleTabs } from './model'
import { $user } from './users/model'
import { ProjectUserPage, ProjectUsers } from './users/page'
import '../texts'

const tabPath = (id: number, tab: Tab) => (tab === 'dashboard' ? `/project/${id}` : `/project/${id}/${tab}`)

/** The tab the route names: the bare path is the dashboard, /users/… stays under Users. */
export const tabOf = (params: Record<string, string>): Tab => {
  if (params.userId !== undefined) return 'users'
  return (TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as Tab) : 'dashboard'
}

const Content = ({ project, tab, params }: { project: Project; tab: Tab; params: Record<string, string> }) => {
  if (tab === 'metadata') return <MetadataTab project={project} />
  if (tab === 'comments') return <CommentsTab project={project} />
  if (tab === 'users') {
    return params.userId ? <ProjectUserPage projectId={project.id} userId={Number(params.userId)} /> : <ProjectUsers projectId={project.id} />
  }
  return <ProjectDashboard project={project} />
}

export const ProjectPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('projects')
  const id = Number(params.projectId)
  const valid = Number.isInteger(id) && id > 0
  const units = useUnit({ project: $project, loadError: $loadError, collapsed: $collapsed, options: $options, user: $user, opened: projectOpened, toggle: collapseToggled })
  const { opened } = units
  useEffect(() => {
    if (valid) opened(id)
  }, [opened, id, valid])

  const project = units.project?.id === id ? units.project : null
  const tab = tabOf(params)
  const trail = (label: string): Crumb[] => [dashboardCrumb(), projectsCrumb(), { label }]
  if (!valid || units.loadError === 'notFound') {
    return (
      <MissingPage
        title={t('project.notFound')}
        crumbs={trail(t('project.notFound'))}
        icon={FolderX}
        text={t('project.notFoundText')}
        back={{ to: '/projects', label: t('project.backToList') }}
      />
    )
  }
  if (project && tab !== 'dashboard' && !visibleTabs(project).includes(tab)) return <ForbiddenPage />
  const title = project ? projectTitle(project) : t('project.title')
  const projectTrail = [dashboardCrumb(), projectsCrumb(), { label: title, href: `/project/${id}` }]
  // A user's page under Users ends with the user, once known.
  const person = params.userId && units.user?.userId === Number(params.userId) ? units.user.username : null
  const crumbs: Crumb[] =
    project && tab !== 'dashboard'
      ? person
        ? [...projectTrail, { label: t('tabs.users'), href: `/project/${id}/users` }, { label: person }]
        : [...projectTrail, { label: t(`tabs.${tab}`) }]
      : trail(title)
  const actions = project && (
    <Button variant="ghost" size="sm" icon={units.collapsed ? PanelTopOpen : PanelTopClose} aria-expanded={!units.collapsed} onClick={() => units.toggle()}>
      {t(units.collapsed ? 'project.showTabs' : 'project.hideTabs')}
    </Button>
  )
  return (
    <Page
      crumbs={crumbs}
      title={title}
      actions={actions}
      loading={!project && !units.loadError}
      forbidden={units.loadError === 'forbidden'}
      error={units.loadError === 'failed' ? t('project.loadFailed') : null}
      onRetry={() => opened(id)}
    >
      {project &&
        // The bar is hidden while folded away, and while the dashboard shows its map (spec part2 §2).
        (units.collapsed || (tab === 'dashboard' && units.options.mode === 'map') ? (
          <Content project={project} tab={tab} params={params} />
        ) : (
          <RouteTabs label={t('project.tabs')} tabs={visibleTabs(project).map((name) => ({ id: name, label: t(`tabs.${name}`), path: tabPath(id, name) }))} selected={tab}>
            <Content project={project} tab={tab} params={params} />
          </RouteTabs>
        ))}
    </Page>
  )
}

/** /project/{id}/users/add: the users tab, whose add-company-user box is where the user types. */
export const ProjectAddUserPage = ({ params, query }: RouteProps) => <ProjectPage params={{ ...params, tab: 'users' }} query={query} />
