/**
 * The map of the caller's projects. OpenLayers comes in a chunk of its own (a dynamic
 * import of ./projects-map) when the map is drawn. A right-click offers "Create project
 * here" (canManageProjects) and "Create company here" (canManageCompany) with the clicked
 * position in the new page's query (lng, lat); without either flag the browser's menu stays.
 */
import { $enabledModules, $flags, $session, Alert, Button, navigate } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Building2, FolderPlus, LocateFixed, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { projectTitle } from '../crumbs'
import type { MapProject } from './api'
import { pickQuery } from './geo'
import type { ContextPick, MapPosition, ProjectsMap as MapHandle } from './projects-map'

/** The remembered position's key: per account and per user, so another person's map is theirs. */
export const mapPositionKey = (accountId: number, userId: number) => `projects.homeMap.${accountId}.${userId}`

const readPosition = (key: string): MapPosition | null => {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as MapPosition | null
    return value && Array.isArray(value.center) && value.center.length === 2 && Number.isFinite(value.zoom) ? value : null
  } catch {
    return null
  }
}


/** A menu's corner at the click, moved back inside the map when it would stick out. */
const clamp = (at: number, room: number | undefined, size: number) => Math.max(0, Math.min(at, (room ?? at + size) - size))

export interface ProjectsMapProps {
  projects: readonly MapProject[]
  onHeight?(height: number): void
  /** Where the user's position of this map is kept; the home map's by default. */
  positionKey?: string
  /** Whether a right-click offers the create buttons (the home map does). */
  offerCreate?: boolean
}

export const ProjectsMap = ({ projects, onHeight, positionKey, offerCreate = true }: ProjectsMapProps) => {
  const { t } = useTranslation('projects')
  const [session, flags, modules] = useUnit([$session, $flags, $enabledModules])
  const element = useRef<HTMLElement>(null)
  const handle = useRef<MapHandle | null>(null)
  const projectsRef = useRef(projects)
  const [pick, setPick] = useState<ContextPick | null>(null)
  const [failed, setFailed] = useState(false)
  const tileUrl = modules.find((module) => module.remote === 'projects')?.config?.mapTileUrl
  const key = positionKey ?? (session ? mapPositionKey(session.accountId, session.user.id) : null)
  const offersCreate = offerCreate && (flags.canManageProjects || flags.canManageCompany)
  projectsRef.current = projects

  useEffect(() => {
    const target = element.current
    if (!target || !onHeight) return
    onHeight(target.clientHeight)
    const observer = new ResizeObserver(() => onHeight(target.clientHeight))
    observer.observe(target)
    return () => observer.disconnect()
  }, [onHeight])

  useEffect(() => {
    let gone = false
    import(/* webpackChunkName: "map" */ './projects-map').then(
      ({ createProjectsMap }) => {
        if (gone || !element.current) return
        handle.current = createProjectsMap({
          target: element.current,
          tileUrl: typeof tileUrl === 'string' ? tileUrl : null,
          saved: key ? readPosition(key) : null,
          onMoved: (position) => {
            if (key) localStorage.setItem(key, JSON.stringify(position))
          },
          onOpen: (id) => navigate(`/project/${id}`),
          onBlankClick: () => setPick(null),
          onContextPick: offersCreate ? setPick : undefined,
          label: projectTitle,
        })
        handle.current.setProjects(projectsRef.current)
      },
      () => !gone && setFailed(true),
    )
    return () => {
      gone = true
      handle.current?.destroy()
      handle.current = null
    }
  }, [tileUrl, key, offersCreate])

  useEffect(() => handle.current?.setProjects(projects), [projects])

  useEffect(() => {
    if (!pick) return
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setPick(null)
    window.addEventListener('keydown', close)
    return () => window.removeEventListener('keydown', close)
  }, [pick])

  if (failed) return <Alert tone="warning">{t('home.mapFailed')}</Alert>
  return (
    <div className="projects-map-frame">
      <section ref={element} className="projects-map" aria-label={t('home.mapLabel', { markers: projects.length })} data-markers={projects.length} />
      <div className="projects-map-tools">
        <Button
          size="sm"
          variant="secondary"
          icon={LocateFixed}
          onClick={() => {
            if (key) localStorage.removeItem(key)
            handle.current?.fit()
          }}
        >
          {t('home.showAll')}
        </Button>
      </div>
      {pick && (
        <section className="projects-map-menu" aria-label={t('home.createHere')} style={{ left: clamp(pick.x, element.current?.clientWidth, 240), top: clamp(pick.y, element.current?.clientHeight, 150) }}>
          {flags.canManageProjects && (
            <Button size="sm" variant="primary" icon={FolderPlus} to={`/project/add?${pickQuery(pick)}`}>
              {t('home.createProject')}
            </Button>
          )}
          {flags.canManageCompany && (
            <Button size="sm" variant="secondary" icon={Building2} to={`/companies/add?${pickQuery(pick)}`}>
              {t('home.createCompany')}
            </Button>
          )}
          <Button size="sm" variant="ghost" icon={X} onClick={() => setPick(null)}>
            {t('home.closeMenu')}
          </Button>
        </section>
      )}
    </div>
  )
}
