import type { HookContext, ServiceDefinition } from '@app/plugin-kit'
import { currentUser } from '@app/plugin-kit'
import { assertMayEditCompany, companyOfCaller, routeCompanyId } from '../../company-access'
import { LogoService } from './logo.class'
import { LOGO_MAX_BYTES } from './logo.schema'
import { logoMethods, logoPath } from './logo.shared'

/** The upload's own check, asked by the kit before the file is read: 404 for another account's company, 403 without the right to edit it. */
const mayEditLogo = async ({ app, params }: HookContext) => {
  const company = await companyOfCaller(app.get('knex'), currentUser(params), routeCompanyId(params))
  await assertMayEditCompany(app, params, company.id)
}

export const logoService: ServiceDefinition = {
  path: logoPath,
  methods: [...logoMethods],
  scope: { kind: 'tenant' },
  flags: { find: ['canSeeCompany'], patch: ['canManageCompany', 'canManageCompanyUsers'] },
  uploads: { methods: ['patch'], maxBytes: LOGO_MAX_BYTES, allow: mayEditLogo },
  service: (app) => new LogoService(app),
}
