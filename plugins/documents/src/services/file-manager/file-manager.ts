/**
 * The file manager side panel's list (spec part1 §2, part2 §2): GET
 * /projects/{projectId}/file-manager?filter=&map=&kind=&$skip=&$limit=, the project's files
 * and links, for whoever may view the project (VIEW). A project of another account is 404.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { FileManagerService } from './file-manager.class'
import { fileManagerPageSchema, fileManagerQuerySchema } from './file-manager.schema'
import { fileManagerPath } from './file-manager.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [fileManagerPath]: FileManagerService
  }
}

export const fileManagerService: ServiceDefinition = {
  path: fileManagerPath,
  methods: ['find'],
  scope: { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { routeParam: 'projectId' } },
  schemas: { query: fileManagerQuerySchema, result: fileManagerPageSchema },
  service: (app) => new FileManagerService(app),
}
