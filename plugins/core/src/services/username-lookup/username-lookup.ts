import type { ServiceDefinition } from '@app/plugin-kit'
import { USERS_READ } from '../../account-user'
import { UsernameExistsService, UsersByNameService } from './username-lookup.class'
import { usernameExistsQuerySchema, usernameQuerySchema } from './username-lookup.schema'
import { usernameExistsPath, usersByNamePath } from './username-lookup.shared'

export const usernameLookupServices: ServiceDefinition[] = [
  {
    path: usersByNamePath,
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: [...USERS_READ] },
    schemas: { query: usernameQuerySchema },
    service: (app) => new UsersByNameService(app),
  },
  {
    path: usernameExistsPath,
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: [...USERS_READ] },
    schemas: { query: usernameExistsQuerySchema },
    service: (app) => new UsernameExistsService(app),
  },
]
