import type { ActionService, ServiceDefinition } from '@app/plugin-kit'
import { defineAction } from '@app/plugin-kit'
import { USERS_READ } from '../../account-user'
import { UserAuthoritiesService, UserPrivilegesService, UserProjectPrivilegesService, assertMember, changeGrant } from './user-privileges.class'
import { type GrantData, grantSchema, userPrivilegesQuerySchema } from './user-privileges.schema'
import { GRANT_CHANGES, changeGrantPath, userAuthoritiesPath, userPrivilegesPath, userProjectPrivilegesPath } from './user-privileges.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    /** Core's calls (core-calls.ts) give and take company access through these, with their checks. */
    'accountusers/:userId/privileges/add': ActionService<GrantData>
    'accountusers/:userId/privileges/remove': ActionService<GrantData>
    'accountusers/:userId/privileges/add-or-modify-action': ActionService<GrantData>
  }
}

/** Reading a user's grants: user managers, and company managers for their companies' users (the service decides). */
const readGrants: Omit<ServiceDefinition, 'path' | 'service'> = { methods: ['find'], scope: { kind: 'tenant' }, flags: { find: [...USERS_READ] } }

export const userPrivilegeServices: ServiceDefinition[] = [
  { ...readGrants, path: userPrivilegesPath, schemas: { query: userPrivilegesQuerySchema }, service: (app) => new UserPrivilegesService(app) },
  { ...readGrants, path: userProjectPrivilegesPath, service: (app) => new UserProjectPrivilegesService(app) },
  { ...readGrants, path: userAuthoritiesPath, service: (app) => new UserAuthoritiesService(app) },
  ...GRANT_CHANGES.map((change) =>
    defineAction({
      path: changeGrantPath(change),
      scope: { kind: 'tenant' },
      flags: ['canManageUsers'],
      target: { action: 'membership', userFrom: 'userId' },
      data: grantSchema,
      exists: assertMember,
      run: (input) => changeGrant(change, input),
    }),
  ),
]
