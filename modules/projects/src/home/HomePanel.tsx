/**
 * The projects module's panel on the home page: the caller's recent projects beside the
 * map of their projects. Shown to those who may see projects (canSeeProjects, as the
 * Projects tile).
 */
import { $flags, Alert, Button, Card, Columns, EmptyState, Skeleton, TextLink, registerLocales, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { FolderOpen } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { projectTitle } from '../crumbs'
import './home.css'
import { locales } from './locales'
import { $mapFailed, $mapProjects, $recent, $recentFailed, homePanelOpened, panelMeasured } from './model'
import { ProjectsMap } from './ProjectsMap'

registerLocales('projects', locales)

const RecentProjects = () => {
  const { t } = useTranslation('projects')
  const format = useFormat()
  const [recent, failed, retry] = useUnit([$recent, $recentFailed, homePanelOpened])
  return (
    <Card title={t('home.recent')}>
      {failed ? (
        <Alert
          tone="warning"
          actions={
            <Button size="sm" onClick={() => retry()}>
              {t('home.retry')}
            </Button>
          }
        >
          <p>{t('home.recentFailed')}</p>
        </Alert>
      ) : recent === null ? (
        <Skeleton />
      ) : recent.length === 0 ? (
        <EmptyState icon={FolderOpen} text={t('home.noRecent')} />
      ) : (
        <ul className="kit-stack projects-recent" aria-label={t('home.recent')}>
          {recent.map((project) => (
            <li key={project.id}>
              <TextLink to={`/project/${project.id}`}>{projectTitle(project)}</TextLink>
              <span className="projects-hint">{t('home.visited', { date: format.date(project.lastVisited) })}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

export const ProjectsHomePanel = () => {
  const { t } = useTranslation('projects')
  const [flags, opened, measured, mapProjects, mapFailed] = useUnit([$flags, homePanelOpened, panelMeasured, $mapProjects, $mapFailed])
  useEffect(() => {
    if (flags.canSeeProjects) opened()
  }, [flags.canSeeProjects, opened])
  if (!flags.canSeeProjects) return null
  return (
    <div className="projects-home">
      <Columns>
        <RecentProjects />
        <Card title={t('home.map')}>
          {mapFailed ? <Alert tone="warning">{t('home.mapProjectsFailed')}</Alert> : <ProjectsMap projects={mapProjects ?? []} onHeight={measured} />}
        </Card>
      </Columns>
    </div>
  )
}
