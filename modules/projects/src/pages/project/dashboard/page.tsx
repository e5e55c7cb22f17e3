/**
 * The project's dashboard tab (spec part2 §2 "Project dashboard"), rendered by the project
 * frame: the options (mode, show-all-folders, side panel, file manager; remembered), the
 * tiles of the project's document groups — or, in map mode, the project on the map — the
 * status boxes and the project status timeline.
 */
import { $fileManager, $session, Alert, Button, Card, Checkbox, Columns, RadioGroup, Skeleton, fileManagerOpened, registerLocales, useFormat } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ProjectsMap } from '../../../home/ProjectsMap'
import { StatusBoxes } from './boxes-view'
import './dashboard.css'
import { locales } from './locales'
import { $groupsFailed, $options, $tiles, dashboardOpened, optionChanged } from './model'
import { DashboardTiles } from './tiles-view'
import { ProjectTimeline } from './timeline-view'

registerLocales('projects', locales)

/** The project's own facts beside the tiles (the side panel). */
const SidePanel = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects')
  const format = useFormat()
  const facts: [string, string][] = [
    [t('projectDashboard.side.client'), project.company?.name ?? '—'],
    [t('projectDashboard.side.manager'), project.manager ? `${project.manager.firstName} ${project.manager.lastName}`.trim() || project.manager.username : '—'],
    ...(['startDate', 'endDate', 'deliveryDate', 'inspectionDate', 'shipmentDate'] as const)
      .filter((key) => project[key] !== null)
      .map((key): [string, string] => [t(`projectDashboard.side.${key}`), format.date(project[key] as number)]),
  ]
  return (
    <Card title={t('projectDashboard.side.title')}>
      <dl className="projects-dashboard-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

export const ProjectDashboard = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects')
  const units = useUnit({
    session: $session,
    options: $options,
    tiles: $tiles,
    groupsFailed: $groupsFailed,
    opened: dashboardOpened,
    change: optionChanged,
    fileManager: $fileManager,
    openFileManager: fileManagerOpened,
  })
  const { opened } = units
  const canView = project.accessLevel.view
  useEffect(() => {
    opened({ projectId: project.id, canView })
  }, [opened, project.id, canView])
  const { options, change } = units
  const position = project.geoPosition
  const main =
    options.mode === 'map' ? (
      <Card title={t('projectDashboard.map.title')}>
        {position ? (
          <ProjectsMap
            projects={[{ id: project.id, symbol: project.symbol, name: project.name, latitude: position.latitude, longitude: position.longitude }]}
            positionKey={units.session ? `projects.projectMap.${units.session.accountId}.${units.session.user.id}.${project.id}` : undefined}
            offerCreate={false}
          />
        ) : (
          <p>{t('projectDashboard.map.noPosition')}</p>
        )}
      </Card>
    ) : units.groupsFailed ? (
      <Alert
        tone="warning"
        actions={
          <Button size="sm" onClick={() => opened({ projectId: project.id, canView })}>
            {t('projectDashboard.retry')}
          </Button>
        }
      >
        <p>{t('projectDashboard.tiles.failed')}</p>
      </Alert>
    ) : units.tiles === null ? (
      <Skeleton />
    ) : (
      <DashboardTiles project={project} tiles={units.tiles} />
    )
  return (
    <div className="kit-stack projects-dashboard">
      <div className="kit-row">
        <RadioGroup
          legend={t('projectDashboard.options.mode')}
          value={options.mode}
          options={[
            { value: 'tiles', label: t('projectDashboard.options.tiles') },
            { value: 'map', label: t('projectDashboard.options.map') },
          ]}
          onChange={(mode) => change({ mode: mode === 'map' ? 'map' : 'tiles' })}
        />
        <Checkbox switch label={t('projectDashboard.options.showAllFolders')} checked={options.showAllFolders} onChange={(on) => change({ showAllFolders: on })} />
        <Checkbox switch label={t('projectDashboard.options.sidebar')} checked={options.sidebarOpen} onChange={(on) => change({ sidebarOpen: on })} />
        {/* The documents module's panel beside the project's pages, opened here through the kit. */}
        <Checkbox switch label={t('projectDashboard.options.fileManager')} checked={units.fileManager.open} onChange={units.openFileManager} />
      </div>
      {options.sidebarOpen ? (
        <Columns>
          {main}
          <SidePanel project={project} />
        </Columns>
      ) : (
        main
      )}
      <StatusBoxes />
      <ProjectTimeline project={project} />
    </div>
  )
}
