/** POST /api/authentication/renew: the web app's sliding expiry (see renewToken). */
import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { currentUser } from '@app/plugin-kit'
import { renewToken } from './sessions'

export const renewService: ServiceDefinition = {
  path: 'authentication/renew',
  methods: ['create'],
  scope: { kind: 'own-user', why: "Renews the caller's own session under a fresh token." },
  service: (app) => ({
    create: (_data: unknown, params: AppParams) => renewToken(app, currentUser(params)),
  }),
}
