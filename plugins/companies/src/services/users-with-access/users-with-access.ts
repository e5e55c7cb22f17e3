import type { ServiceDefinition } from '@app/plugin-kit'
import { companyUsersQuerySchema } from '../company-users/company-users.schema'
import { UsersWithAccessService } from './users-with-access.class'
import { userAccessDataSchema } from './users-with-access.schema'
import { usersWithAccessMethods, usersWithAccessPath } from './users-with-access.shared'

/** GET the list; GET, PUT and DELETE /{userId} one user's access (the useraccess/{id} page). */
export const usersWithAccessService: ServiceDefinition = {
  path: usersWithAccessPath,
  methods: [...usersWithAccessMethods],
  scope: { kind: 'tenant' },
  // Which company's users the caller manages, and who may touch administer access, the service decides.
  flags: { find: ['canManageCompanyUsers'], get: ['canManageCompanyUsers'], update: ['canManageCompanyUsers'], remove: ['canManageCompanyUsers'] },
  // Whom the caller may give access to, or take it from: core's rule of who may act on whom.
  targets: { update: { action: 'companyAccess', userFrom: (context) => context.id }, remove: { action: 'companyAccess', userFrom: (context) => context.id } },
  schemas: { data: userAccessDataSchema, query: companyUsersQuerySchema },
  service: (app) => new UsersWithAccessService(app),
}
