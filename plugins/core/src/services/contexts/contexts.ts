/** GET /contexts: the enabled accounts the caller is an enabled member of, by name. */
import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { currentUser } from '@app/plugin-kit'
import { contextsMethods, contextsPath } from './contexts.shared'

export const contextsService: ServiceDefinition = {
  path: contextsPath,
  methods: [...contextsMethods],
  scope: { kind: 'own-user', why: 'Lists the accounts the caller belongs to.' },
  service: (app) => ({
    async find(params: AppParams) {
      const user = currentUser(params)
      const rows = await app
        .get('knex')('account_users as au')
        .join('accounts as a', 'a.id', 'au.account_id')
        .where({ 'au.user_id': user.id, 'au.enabled': true, 'a.enabled': true })
        .orderBy('a.company')
        .select('a.id as contextId', 'a.company as name')
      return rows.map((r: any) => ({ contextId: Number(r.contextId), name: r.name }))
    },
  }),
}
