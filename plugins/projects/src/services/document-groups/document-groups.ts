/**
 * GET /projects/{projectId}/foldertypes (the dashboard's document groups), /folders and
 * /ifcfiles, at VIEW level. The groups are the account's active document types, asked of
 * the setup plugin's folder types service (setup owns them), each with the project's
 * folders of that type; folders and IFC files come from the kit's `projectFolders`
 * contributors (the documents module), so until one is installed every list is empty.
 */
import type { AppParams, Application, ProjectFolder, ServiceDefinition } from '@app/plugin-kit'
import { currentUser, moduleEnabled, projectFolders, routeId, serviceAt } from '@app/plugin-kit'
import { type FolderType, folderTypesPath } from '@app/plugin-setup/shared'
import { projectFolderTypesPath, projectFoldersPath, projectIfcFilesPath } from '../projects/projects.shared'
import { type DocumentGroup, groupModule } from './document-groups.schema'

const VIEW = { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { routeParam: 'projectId' } } as const

/** Setup's folder types as server code sees them: the account's, built-ins made on first read. */
interface FolderTypesFinder {
  find(params: AppParams): Promise<FolderType[] | { data: FolderType[] }>
}

/** The account's active document types, by name. Without the setup plugin, none. */
export const activeFolderTypes = async (app: Application, accountId: number): Promise<FolderType[]> => {
  if (!app.get('plugins')?.some((p) => p.id === 'setup')) return []
  const types = serviceAt(app, folderTypesPath) as unknown as FolderTypesFinder
  const answer = await types.find({
    tenant: { accountId },
    route: { accountId: String(accountId) },
    paginate: false,
    query: { active: true, $sort: { name: 1 } },
  } as AppParams)
  return Array.isArray(answer) ? answer : answer.data
}

/** Every contributor's folders of the project, asked as the caller. */
export const foldersOf = async (app: Application, params: AppParams, projectId: number): Promise<ProjectFolder[]> =>
  (await Promise.all(app.get('extensions').all(projectFolders).map((c) => c.folders(app, params, projectId)))).flat()

export const documentGroupServices: ServiceDefinition[] = [
  {
    path: projectFolderTypesPath,
    methods: ['find'],
    scope: VIEW,
    service: (app) => ({
      async find(params: AppParams): Promise<DocumentGroup[]> {
        const projectId = routeId(params, 'projectId')
        const [types, folders] = await Promise.all([activeFolderTypes(app, params.user?.accountId ?? params.tenant!.accountId), foldersOf(app, params, projectId)])
        const caller = currentUser(params)
        const installed = new Set(app.get('plugins').map((plugin) => plugin.module as string))
        const shown = (typeId: string) => !installed.has(groupModule(typeId)) || moduleEnabled(caller, groupModule(typeId))
        return types.filter((type) => shown(type.typeId)).map((type) => ({
          id: type.id,
          name: type.name,
          typeId: type.typeId,
          folders: folders.filter((folder) => folder.folderTypeId === type.id),
        }))
      },
    }),
  },
  {
    path: projectFoldersPath,
    methods: ['find'],
    scope: VIEW,
    service: (app) => ({
      find: (params: AppParams) => foldersOf(app, params, routeId(params, 'projectId')),
    }),
  },
  {
    path: projectIfcFilesPath,
    methods: ['find'],
    scope: VIEW,
    service: (app) => ({
      async find(params: AppParams) {
        const projectId = routeId(params, 'projectId')
        return (await Promise.all(app.get('extensions').all(projectFolders).map((c) => c.ifcFiles(app, params, projectId)))).flat()
      },
    }),
  },
]
