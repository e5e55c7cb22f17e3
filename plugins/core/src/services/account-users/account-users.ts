import type { HookContext, ServiceDefinition } from '@app/plugin-kit'
import { USERS_READ } from '../../account-user'
import { AccountUsersService, UserByIdService } from './account-users.class'
import { listQuerySchema } from './account-users.schema'
import { accountUsersMethods, accountUsersPath, userByIdPath } from './account-users.shared'

/** The users list, the wizard's plain create and the edit form; the edit acts on the member named in its body. */
export const accountUsersService: ServiceDefinition = {
  path: accountUsersPath,
  methods: [...accountUsersMethods],
  scope: { kind: 'tenant', routeParam: 'accountId' },
  flags: { find: [...USERS_READ], create: [...USERS_READ], update: [...USERS_READ] },
  schemas: { query: listQuerySchema },
  targets: { update: { action: 'membership', userFrom: (context: HookContext) => context.data?.id } },
  service: (app) => new AccountUsersService(app),
}

export const userByIdService: ServiceDefinition = {
  path: userByIdPath,
  methods: ['get'],
  scope: { kind: 'tenant' },
  // No method flags: the caller reads their own membership without one; the service asks them for anyone else.
  service: (app) => new UserByIdService(app),
}
