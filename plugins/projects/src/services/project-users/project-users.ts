import type { ServiceDefinition } from '@app/plugin-kit'
import { ProjectPrivilegesService, ProjectUsersService, ProjectUsersWithAccessService } from './project-users.class'
import { projectUserAddSchema, projectUserSetSchema, projectUsersQuerySchema, projectUsersWithAccessQuerySchema } from './project-users.schema'
import { projectPrivilegesPath, projectUsersMethods, projectUsersPath, projectUsersWithAccessPath } from './project-users.shared'

const byPath = { routeParam: 'projectId' } as const

/**
 * GET (find), POST (add by username), PUT (Set, the user in the body) /projects/{projectId}/users;
 * GET and DELETE /projects/{projectId}/users/{userId}. The users page is for administrators.
 */
export const projectUsersService: ServiceDefinition = {
  path: projectUsersPath,
  methods: [...projectUsersMethods],
  scope: {
    kind: 'project',
    level: { find: 'ADMINISTER', get: 'ADMINISTER', create: 'ADMINISTER', update: 'ADMINISTER', remove: 'ADMINISTER' },
    projectIdFrom: byPath,
  },
  // Whose level the caller may change: core's rule of who may act on whom.
  targets: {
    create: {
      action: 'projectAccess',
      userFrom: async (context) => (await context.app.get('core').member(context.params.user.accountId, { username: String(context.data?.username ?? '') }))?.userId,
    },
    update: { action: 'projectAccess', userFrom: (context) => (context.data as { userId?: unknown } | undefined)?.userId },
    remove: { action: 'projectAccess', userFrom: (context) => context.id },
  },
  schemas: { data: projectUserAddSchema, update: projectUserSetSchema, query: projectUsersQuerySchema },
  service: (app) => new ProjectUsersService(app),
}

export const projectUsersWithAccessService: ServiceDefinition = {
  path: projectUsersWithAccessPath,
  methods: ['find'],
  scope: { kind: 'project', level: { find: 'ADMINISTER' }, projectIdFrom: byPath },
  schemas: { query: projectUsersWithAccessQuerySchema },
  service: (app) => new ProjectUsersWithAccessService(app),
}

/** The caller's own privileges on the project: anyone who can open it. */
export const projectPrivilegesService: ServiceDefinition = {
  path: projectPrivilegesPath,
  methods: ['find'],
  scope: { kind: 'project', level: { find: 'ACCESS' }, projectIdFrom: byPath },
  service: (app) => new ProjectPrivilegesService(app),
}
