import type { ServiceDefinition } from '@app/plugin-kit'
import { USERS_READ } from '../../account-user'
import { createUser } from './new-user.class'
import { emptyUserSchema, newUserSchema } from './new-user.schema'
import { createEmptyUserPath, createUserWithPrivilegesPath } from './new-user.shared'

/** The wizard's submit, with the privileges step or without it; bodies are checked after the path's account. */
export const newUserServices: ServiceDefinition[] = [
  { path: createUserWithPrivilegesPath, schema: newUserSchema },
  { path: createEmptyUserPath, schema: emptyUserSchema },
].map(({ path, schema }) => ({
  path,
  methods: ['create'],
  scope: { kind: 'tenant', routeParam: 'accountId' },
  flags: { create: [...USERS_READ] },
  service: (app) => createUser(app, schema),
}))
