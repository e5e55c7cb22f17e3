import type { ServiceDefinition } from '@app/plugin-kit'
import { SupportService } from './support.class'
import { supportNameSchema } from './support.schema'
import { supportMethods, supportPath } from './support.shared'

/** GET the manuals, POST one (multipart), DELETE /{id} one. */
export const supportService: ServiceDefinition = {
  path: supportPath,
  methods: [...supportMethods],
  scope: { kind: 'none', why: 'Support manuals are one platform-wide list, the same for every account.' },
  // Everyone signed in reads them; only global admins change the list.
  flags: { create: ['canManageAccounts'], remove: ['canManageAccounts'] },
  schemas: { data: supportNameSchema },
  uploads: { methods: ['create'] },
  service: (app) => new SupportService(app),
}
