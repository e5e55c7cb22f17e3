/** One account's module switches, read and set by global admins; core stays on. */
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { ALWAYS_ON_MODULES, routeId } from '@app/plugin-kit'
import type { ModuleSwitch, ModuleSwitchData } from './account-modules.schema'
import { enabledModuleIds, installedModules } from './installed-modules'

const alwaysOn = (id: string) => ALWAYS_ON_MODULES.includes(id as never)

export class AccountModulesService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<ModuleSwitch[]> {
    const accountId = await this.existingAccount(params)
    const enabled = await enabledModuleIds(this.app, accountId)
    return installedModules(this.app).map((m) => ({ id: m.id, enabled: enabled.has(m.id), alwaysOn: alwaysOn(m.id) }))
  }

  async update(_id: null, data: ModuleSwitchData, params: AppParams): Promise<ModuleSwitch[]> {
    const accountId = await this.existingAccount(params)
    const installed = new Set(installedModules(this.app).map((m) => m.id))
    const errors: Record<string, string> = {}
    data.modules.forEach((m, i) => {
      if (!installed.has(m.id)) errors[`modules.${i}.id`] = `Module ${m.id} is not installed`
      else if (!m.enabled && alwaysOn(m.id)) errors[`modules.${i}.enabled`] = `Module ${m.id} cannot be switched off`
    })
    if (Object.keys(errors).length) throw new BadRequest('Validation failed', { errors })
    await this.app.get('knex').transaction(async (trx) => {
      for (const m of data.modules)
        await trx('account_modules')
          .insert({ account_id: accountId, module_id: m.id, enabled: m.enabled })
          .onConflict(['account_id', 'module_id'])
          .merge({ enabled: m.enabled })
    })
    return this.find(params)
  }

  private async existingAccount(params: AppParams) {
    const accountId = routeId(params, 'accountId')
    const row = await this.app.get('knex')('accounts').where({ id: accountId }).first('id')
    if (!row) throw new NotFound(`No record found for id '${accountId}'`)
    return accountId
  }
}
