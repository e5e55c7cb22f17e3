/** Who may be a document's responsible: asked by those who write documents (EDIT on the project). */
import type { ServiceDefinition } from '@app/plugin-kit'
import { ResponsiblesService } from './responsibles.class'
import { responsibleSchema } from './responsibles.schema'
import { responsiblesPath } from './responsibles.shared'

export const responsiblesService: ServiceDefinition = {
  path: responsiblesPath,
  methods: ['find'],
  scope: { kind: 'project', level: { find: 'EDIT' }, projectIdFrom: { routeParam: 'projectId' } },
  schemas: { result: responsibleSchema },
  service: (app) => new ResponsiblesService(app),
}
