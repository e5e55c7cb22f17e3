/** An account's module switches (the global admin's modules dialog), browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

export const moduleSwitchSchema = Type.Object(
  {
    modules: Type.Array(
      Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }), enabled: Type.Boolean() }, { additionalProperties: false }),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
)
export type ModuleSwitchData = Static<typeof moduleSwitchSchema>

/** One installed module as GET /accounts/{accountId}/modules answers it. */
export interface ModuleSwitch {
  id: string
  enabled: boolean
  alwaysOn: boolean
}
