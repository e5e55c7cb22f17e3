import type { ServiceDefinition } from '@app/plugin-kit'
import { LogoService } from './logo.class'
import { LOGO_MAX_BYTES } from './logo.schema'
import { logoMethods, logoPath } from './logo.shared'

export const logoService: ServiceDefinition = {
  path: logoPath,
  methods: [...logoMethods],
  scope: { kind: 'tenant' },
  flags: { find: ['canSeeCompany'], patch: ['canManageCompany', 'canManageCompanyUsers'] },
  uploads: { methods: ['patch'], maxBytes: LOGO_MAX_BYTES },
  service: (app) => new LogoService(app),
}
