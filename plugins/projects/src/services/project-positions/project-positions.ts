import type { ServiceDefinition } from '@app/plugin-kit'
import { ProjectPositionsService } from './project-positions.class'
import { projectPositionsQuerySchema, projectPositionsSchema } from './project-positions.schema'
import { projectPositionsPath } from './project-positions.shared'

/** GET /projects/positions: the home map's markers, for those who may list projects (as GET /projects). */
export const projectPositionsService: ServiceDefinition = {
  path: projectPositionsPath,
  methods: ['find'],
  scope: { kind: 'tenant' },
  flags: { find: ['canSeeProjects'] },
  schemas: { query: projectPositionsQuerySchema, result: projectPositionsSchema },
  service: (app) => new ProjectPositionsService(app),
}
