/**
 * Names and existence of the rows privileges point at (projects, companies): asked of the
 * plugins that own them through the kit's `resourceNames` point, never of their tables.
 */
import { type Application, resourceNames } from '@app/plugin-kit'

/** The names of the account's resources of this kind among `ids`; none when no plugin owns the kind. */
export const namesOfResources = async (app: Application, accountId: number, resource: string, ids: readonly number[]) => {
  const owner = app.get('extensions').all(resourceNames).find((c) => c.resource === resource)
  if (!owner || !ids.length) return new Map<number, string>()
  return owner.names(accountId, [...new Set(ids)])
}

/** The first of `ids` that names no resource of this kind in the account, if any. */
export const missingResource = async (app: Application, accountId: number, resource: string, ids: readonly number[]) => {
  const names = await namesOfResources(app, accountId, resource, ids)
  return ids.find((id) => !names.has(id))
}
