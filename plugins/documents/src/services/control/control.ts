/**
 * The control process, revisions and change log (part1 §4, §7): GET /folders/{folderId}/control
 * (VIEW), PUT and DELETE …/control/{role} (EDIT); POST /folders/{folderId}/archive and
 * …/unarchive (EDIT); GET /folders/{folderId}/revisions (VIEW), POST to begin a new one
 * (EDIT) and DELETE …/revisions/{revisionId} to delete an older one with its files
 * (ADMINISTER); GET /event/folder/{folderId} (VIEW), the spec's path.
 */
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { defineAction } from '@app/plugin-kit'
import { folderSchema } from '../folders/folders.schema'
import { ControlService } from './control.class'
import { archiveDataSchema, controlTickDataSchema, controlTickSchema, folderEventQuerySchema, revisionSchema } from './control.schema'
import { archivePath, controlPath, folderEventsPath, revisionsPath, unarchivePath } from './control.shared'

const inFolder = { rowParam: 'folderId', table: 'folders' } as const
const control = (app: Application) => new ControlService(app)

export const controlServices: ServiceDefinition[] = [
  {
    path: controlPath,
    methods: ['find', 'update', 'remove'],
    scope: { kind: 'project', level: { find: 'VIEW', update: 'EDIT', remove: 'EDIT' }, projectIdFrom: inFolder },
    schemas: { update: controlTickDataSchema, result: controlTickSchema },
    service: (app) => ({
      find: (params: AppParams) => control(app).find(params),
      update: (role: unknown, data: { doneOn: number }, params: AppParams) => control(app).tick(role, data, params),
      remove: (role: unknown, params: AppParams) => control(app).clear(role, params),
    }),
  },
  defineAction({
    path: archivePath,
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: inFolder },
    data: archiveDataSchema,
    result: folderSchema,
    run: ({ app, data, params }) => control(app).archive(data, params),
  }),
  defineAction({
    path: unarchivePath,
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: inFolder },
    result: folderSchema,
    run: ({ app, params }) => control(app).unarchive(params),
  }),
  {
    path: revisionsPath,
    methods: ['find', 'create', 'remove'],
    // Deleting a revision needs ADMINISTER, not the EDIT the rest of the control process
    // needs: every other step loses nothing (unarchiving keeps the files and ticks, a new
    // revision keeps the archived files under it), while this destroys an approved record
    // for good, files and all, which EDIT cannot otherwise touch (an archived revision keeps
    // its files as they are). As checking in someone else's file, it is the administrators'.
    scope: { kind: 'project', level: { find: 'VIEW', create: 'EDIT', remove: 'ADMINISTER' }, projectIdFrom: inFolder },
    schemas: { result: revisionSchema },
    service: (app) => ({
      find: (params: AppParams) => control(app).revisions(params),
      create: (_data: unknown, params: AppParams) => control(app).newRevision(params),
      remove: (id: unknown, params: AppParams) => control(app).deleteRevision(id, params),
    }),
  },
  {
    path: folderEventsPath,
    methods: ['find'],
    scope: { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: inFolder },
    schemas: { query: folderEventQuerySchema },
    service: (app) => ({ find: (params: AppParams) => control(app).events(params) }),
  },
]
