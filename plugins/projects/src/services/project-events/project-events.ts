import type { ServiceDefinition } from '@app/plugin-kit'
import { ProjectEventsService } from './project-events.class'
import { projectEventPageSchema, projectEventQuerySchema } from './project-events.schema'
import { projectEventsMethods, projectEventsPath } from './project-events.shared'

/** The event history is for the project's administrators (spec part2 §6 "administer: … event history"). */
export const projectEventsService: ServiceDefinition = {
  path: projectEventsPath,
  methods: [...projectEventsMethods],
  scope: { kind: 'project', level: { find: 'ADMINISTER' }, projectIdFrom: { routeParam: 'projectId', table: 'project_events' } },
  schemas: { query: projectEventQuerySchema, result: projectEventPageSchema },
  service: (app) => new ProjectEventsService(app),
}
