/** GET, POST and DELETE /companies/{companyId}/users[/{userId}], and GET /companies/{companyId}/candidates. */
import type { HookContext, ServiceDefinition } from '@app/plugin-kit'
import { currentUser } from '@app/plugin-kit'
import { CandidatesService, CompanyUsersService } from './company-users.class'
import { companyUserDataSchema, companyUserSchema, companyUsersQuerySchema } from './company-users.schema'
import { companyCandidatesPath, companyUsersMethods, companyUsersPath } from './company-users.shared'

/** The member of the caller's account the add box names by e-mail, for core's rule of who may act on whom. */
const memberNamed = async (context: HookContext) => {
  const username = (context.data as { username?: unknown } | undefined)?.username
  if (typeof username !== 'string') return undefined
  return (await context.app.get('core').member(currentUser(context.params).accountId, { username }))?.userId
}

export const companyUserServices: ServiceDefinition[] = [
  {
    path: companyUsersPath,
    methods: [...companyUsersMethods],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageCompanyUsers'], create: ['canManageCompanyUsers'], remove: ['canManageCompanyUsers'] },
    // A company administrator places only ordinary users, of its companies or of none: never an admin, nor another company's user.
    targets: { create: { action: 'addToCompany', userFrom: memberNamed }, remove: { action: 'addToCompany', userFrom: (context) => context.id } },
    schemas: { data: companyUserDataSchema, query: companyUsersQuerySchema, result: companyUserSchema },
    service: (app) => new CompanyUsersService(app),
  },
  {
    path: companyCandidatesPath,
    methods: ['find'],
    scope: { kind: 'tenant' },
    flags: { find: ['canManageCompanyUsers'] },
    schemas: { query: companyUsersQuerySchema, result: companyUserSchema },
    service: (app) => new CandidatesService(app),
  },
]
