/**
 * POST /projects/{projectId}/copy: a new project with the fields of this one (spec part2
 * §7). Needs VIEW on the source (to read all of it) and canManageProjects (it creates a
 * project); the caller administers the copy. Decisions (the spec is silent): the copy is
 * named "<name> (copy)", cut to the 100 characters a name may have; its number (symbol)
 * stays the same, numbers not being unique, for its user to change; its Skyview link,
 * billing state, visits, events and grants are not copied. Answers the new project.
 */
import type { ServiceDefinition } from '@app/plugin-kit'
import { defineAction } from '@app/plugin-kit'
import { Type } from '@sinclair/typebox'
import { projectSchema } from '../projects/projects.schema'
import { projectCopyPath, projectsPath } from '../projects/projects.shared'

export const projectCopyService: ServiceDefinition = defineAction({
  path: projectCopyPath,
  scope: { kind: 'project', level: { create: 'VIEW' }, projectIdFrom: { routeParam: 'projectId' } },
  flags: ['canManageProjects'],
  // No fields: the copy is made of the source's (an empty object, as the projects remote sends).
  data: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  result: projectSchema,
  run: ({ app, ids, params }) => app.service(projectsPath).copy(ids.projectId, params),
})
