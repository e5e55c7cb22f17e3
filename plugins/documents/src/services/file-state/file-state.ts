/**
 * A file's place and conversion (spec part1 §7 "Files"): PATCH /files/{fileId}/geolocation
 * {latitude, longitude} (EDIT on the file's project; both null clear it), and POST
 * /files/conversion-started {fileId} and /files/conversion-completed {fileId,
 * convertedLocation}.
 *
 * Who reports a conversion: the converter is an outside service that calls the API as a
 * signed-in user (its own account member), so these are ordinary calls under the project
 * scope and need EDIT on the file's project, as any change of a file does. No caller is
 * trusted for being "internal": a member who could edit the file could rename or delete it
 * anyway, and the location they set only decides which viewer opens it.
 */
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { defineAction } from '@app/plugin-kit'
import { folderFileSchema } from '../folder-files/folder-files.schema'
import { FileStateService } from './file-state.class'
import { conversionCompletedSchema, conversionStartedSchema, geolocationDataSchema } from './file-state.schema'
import { conversionCompletedPath, conversionStartedPath, fileGeolocationPath } from './file-state.shared'

const state = (app: Application) => new FileStateService(app)
/** The file the body names (`fileId`), read within the caller's account: its project is the call's. */
const fileInBody = { dataRow: 'fileId', table: 'folder_files' } as const

export const fileStateServices: ServiceDefinition[] = [
  {
    path: fileGeolocationPath,
    methods: ['patch'],
    scope: { kind: 'project', level: { patch: 'EDIT' }, projectIdFrom: { rowParam: 'fileId', table: 'folder_files' } },
    schemas: { patch: geolocationDataSchema, result: folderFileSchema },
    service: (app: Application) => ({ patch: (_id: unknown, data: any, params: AppParams) => state(app).geolocation(data, params) }),
  },
  defineAction({
    path: conversionStartedPath,
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: fileInBody },
    data: conversionStartedSchema,
    result: folderFileSchema,
    run: ({ app, data, params }) => state(app).conversionStarted(data, params),
  }),
  defineAction({
    path: conversionCompletedPath,
    scope: { kind: 'project', level: { create: 'EDIT' }, projectIdFrom: fileInBody },
    data: conversionCompletedSchema,
    result: folderFileSchema,
    run: ({ app, data, params }) => state(app).conversionCompleted(data, params),
  }),
]
