import type { ServiceDefinition } from '@app/plugin-kit'
import { AnonymiseUserService, RemoveMembershipService } from './user-removal.class'
import { anonymiseUserPath, removeMembershipPath } from './user-removal.shared'

export const userRemovalServices: ServiceDefinition[] = [
  {
    path: anonymiseUserPath,
    methods: ['remove'],
    scope: { kind: 'tenant' },
    flags: { remove: ['canManageUsers'] },
    targets: { remove: { action: 'anonymise', userFrom: 'userId' } },
    service: (app) => new AnonymiseUserService(app),
  },
  {
    path: removeMembershipPath,
    methods: ['remove'],
    scope: { kind: 'tenant' },
    flags: { remove: ['canManageUsers'] },
    targets: { remove: { action: 'membership', userFrom: 'userId' } },
    service: (app) => new RemoveMembershipService(app),
  },
]
