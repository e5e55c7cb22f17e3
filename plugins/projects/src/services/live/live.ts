/**
 * GET /live/projects/{projectId}: the project's real-time events as Server-Sent Events, for
 * whoever may view it (the kit's project scope; the kit's live.ts checks each event again as
 * it is sent). Every module whose rows belong to projects publishes to this one stream
 * (checklists first), so a page listens once per project.
 */
import { type AppParams, type ServiceDefinition, listenToProject } from '@app/plugin-kit'
import { projectLivePath } from './live.shared'

export const projectLiveService: ServiceDefinition = {
  path: projectLivePath,
  methods: ['find'],
  scope: { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { routeParam: 'projectId' } },
  service: (app) => ({
    async find(params: AppParams) {
      return listenToProject(app, params)
    },
  }),
}
