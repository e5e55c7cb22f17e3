/**
 * The projects remote's API calls, as effects (replaced in tests). The paths of the
 * projects plugin come from its `/shared` entry; those its services have not published
 * there yet are written here once, beside the call.
 */
import { ApiError, apiRequest, downloadFile, type ListPage, type ListSort, feathersQuery, viewerTimeZone } from '@app/module-kit'
import type { Comment } from '@app/plugin-comments/shared'
import { type ReverseGeocode, companyUrl, geocodeUrl } from '@app/plugin-companies/shared'
import {
  type Project,
  type ProjectData,
  type ProjectPrivileges,
  type ProjectSort,
  type ProjectUser,
  type ProjectUserLevels,
  type ProjectUserPage,
  projectEventsUrl,
  newProjectPath,
  projectExportPath,
  projectPrivilegesUrl,
  projectUrl,
  projectUrls,
  projectUsersUrl,
} from '@app/plugin-projects/shared'
import { createEffect } from 'effector'

export type Page<T> = ListPage<T>

export const PAGE_SIZE = 50

export interface ProjectListQuery {
  filter: string
  sort: ListSort<ProjectSort> | null
  skip: number
  /** A company's projects (its projects list). */
  companyId?: number
}

export const fetchProjectsFx = createEffect(({ filter, sort, skip, companyId }: ProjectListQuery) =>
  apiRequest<Page<Project>>('GET', projectUrl(), {
    query: { ...feathersQuery({ filter, sort, skip, limit: PAGE_SIZE }), ...(companyId ? { companyId } : {}) },
  }),
)

/** The tree view's level: the projects without a parent (of one client, if given), or one project's sub-projects. */
export const TREE_LIMIT = 500
export const fetchTreeLevelFx = createEffect(async ({ parentId, companyId }: { parentId: number | null; companyId?: number }) => {
  const page = await apiRequest<Page<Project>>('GET', projectUrl(), {
    // An empty parentId asks for the projects without one.
    query: { $limit: TREE_LIMIT, '$sort[symbol]': 1, parentId: parentId ?? '', ...(companyId ? { companyId } : {}) },
  })
  return page.data
})

/** GET /projects/export answers projects.xlsx: the list's filter, dates in the viewer's zone. */
export const exportProjectsFx = createEffect((filter: string) =>
  downloadFile(`/${projectExportPath}`, { filter: filter.trim() || undefined, timeZone: viewerTimeZone() }),
)

/** GET /projects/new: the blank project the add form starts from (the caller as its manager). */
export const fetchNewProjectFx = createEffect(() => apiRequest<Partial<ProjectData>>('GET', `/${newProjectPath}`))
export const fetchProjectFx = createEffect((id: number) => apiRequest<Project>('GET', projectUrl(id)))
export const createProjectFx = createEffect((data: ProjectData) => apiRequest<Project>('POST', projectUrl(), { body: data }))
export const saveProjectFx = createEffect(({ id, data }: { id: number; data: Partial<ProjectData> }) =>
  apiRequest<Project>('PATCH', projectUrl(id), { body: data }),
)
export const deleteProjectFx = createEffect((id: number) => apiRequest<Project>('DELETE', projectUrl(id)))
export const copyProjectFx = createEffect((id: number) => apiRequest<Project>('POST', projectUrls(id).copy, { body: {} }))
export const setBillingFx = createEffect(({ id, shouldNotifyBilling }: { id: number; shouldNotifyBilling: boolean }) =>
  apiRequest<Project>('PUT', projectUrls(id).billingNotification, { body: { shouldNotifyBilling } }),
)

export interface Choice {
  id: number
  name: string
}

/** The client choices: the account's companies, id and name only. */
export const fetchCompanyChoicesFx = createEffect(async () => {
  const page = await apiRequest<Page<Choice>>('GET', companyUrl(), {
    query: { $limit: 500, '$sort[name]': 1, '$select[0]': 'id', '$select[1]': 'name' },
  })
  return page.data
})

/** The parent choices: projects the caller sees, by number. */
export const fetchParentChoicesFx = createEffect(async () => {
  const page = await apiRequest<Page<Project>>('GET', projectUrl(), { query: { $limit: 500, '$sort[symbol]': 1 } })
  return page.data.map((project) => ({ id: project.id, name: `${project.symbol} - ${project.name}` }))
})

interface AccountUserRow {
  id: number
  username: string
  firstName: string | null
  lastName: string | null
}

/**
 * The manager choices: the account's users. Only user managers may list them; for anyone
 * else the list is empty and the form offers the project's current manager alone.
 */
export const fetchManagerChoicesFx = createEffect(async (accountId: number) => {
  try {
    const page = await apiRequest<Page<AccountUserRow>>('GET', `/accountusers/${accountId}`, { query: { $limit: 500, '$sort[lastName]': 1 } })
    return page.data.map((user) => ({ id: user.id, name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username }))
  } catch {
    return []
  }
})

export const geocodeFx = createEffect(({ lng, lat }: { lng: number; lat: number }) =>
  apiRequest<{ result: ReverseGeocode | null }>('GET', geocodeUrl, { query: { lng, lat } }),
)

/** A project's comment; the comments tab is the kit's comment thread (`createCommentsModel`). */
export type { Comment as ProjectComment }

type Person = { id?: number; firstName?: string | null; lastName?: string | null; username?: string | null }
/** A person's name as a screen writes it: first and last name, else the login. */
export const nameOf = (person: unknown): string => {
  if (typeof person === 'string') return person
  if (!person || typeof person !== 'object') return ''
  const p = person as Person
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || p.username || ''
}
/** A list answer, paged or not. */
const rowsOf = <T>(answer: T[] | { data: T[] }): T[] => (Array.isArray(answer) ? answer : answer.data)

/** One change in the project's event log (spec part2 §3 "Project event"). */
export interface ProjectEvent {
  id: number
  modifiedBy: string
  eventType: string
  eventName: string
  subject: string
  creationDate: string | number
}

export const toEvent = (row: Record<string, any>, index: number): ProjectEvent => ({
  id: Number(row.id ?? index),
  modifiedBy: nameOf(row.modifiedBy),
  eventType: String(row.eventType ?? ''),
  eventName: String(row.eventName ?? ''),
  subject: String(row.subject ?? ''),
  creationDate: row.creationDate ?? row.createdAt,
})

export const fetchEventsFx = createEffect(async (projectId: number) =>
  rowsOf(await apiRequest<Record<string, any>[] | { data: Record<string, any>[] }>('GET', projectEventsUrl(projectId), { query: { $limit: 200 } })).map(toEvent),
)

/** A project level a user may be given (spec part2 §4), lowest first; NONE takes their own grant away. */
export const PROJECT_LEVELS = ['ACCESS', 'VIEW', 'DOWNLOAD', 'EDIT', 'ADMINISTER'] as const
export type ProjectLevel = (typeof PROJECT_LEVELS)[number]
export type { ProjectPrivileges, ProjectUser, ProjectUserLevels }

export const fetchProjectUsersFx = createEffect(async (projectId: number) =>
  (await apiRequest<ProjectUserPage>('GET', projectUsersUrl(projectId), { query: { $limit: 500 } })).data,
)
export const fetchProjectUserFx = createEffect(({ projectId, userId }: { projectId: number; userId: number }) =>
  apiRequest<ProjectUserLevels>('GET', projectUsersUrl(projectId, userId)),
)
/** What the caller may do on the users page: the levels they may give, whether they may remove users. */
export const fetchProjectPrivilegesFx = createEffect((projectId: number) => apiRequest<ProjectPrivileges>('GET', projectPrivilegesUrl(projectId)))
/** Set saves one user's own level at once. */
export const setProjectLevelFx = createEffect(({ projectId, userId, accessLevel }: { projectId: number; userId: number; accessLevel: ProjectLevel }) =>
  apiRequest<ProjectUserLevels>('PUT', projectUsersUrl(projectId), { body: { userId, accessLevel } }),
)
/** Adds an account user to the project (the API grants them VIEW). */
export const addProjectUserFx = createEffect(({ projectId, username }: { projectId: number; username: string }) =>
  apiRequest<ProjectUser>('POST', projectUsersUrl(projectId), { body: { username } }),
)
/** Removes the user from the project: their own privilege on it goes. */
export const removeProjectUserFx = createEffect(async ({ projectId, userId }: { projectId: number; userId: number }) => {
  await apiRequest('DELETE', projectUsersUrl(projectId, userId))
  return userId
})

/**
 * Whether the text names an account user: found (their login), missing, or not known to
 * this caller (the lookup is for user managers; then the add itself decides).
 */
export const lookUpUserFx = createEffect(async (username: string): Promise<'found' | 'missing' | 'unknown'> => {
  try {
    const rows = await apiRequest<{ username: string }[] | { data: { username: string }[] }>('GET', '/accountusers', {
      query: { username, includeExternal: true },
    })
    const wanted = username.trim().toLowerCase()
    return rowsOf(rows).some((row) => row.username.toLowerCase() === wanted) ? 'found' : 'missing'
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'missing'
    return 'unknown'
  }
})
