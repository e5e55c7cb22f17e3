/**
 * The people a documents answer names (authors, responsibles, lock holders, control ticks):
 * each by id and name, read from core in one call per answer.
 */
import type { Application, Member } from '@app/plugin-kit'

export interface ShownPerson {
  id: number
  firstName: string
  lastName: string
}

/** The members of the account that `ids` name (nulls and repeats left out), in one call; none asked, none read. */
export const membersOf = async (app: Application, accountId: number, ids: readonly unknown[]): Promise<ReadonlyMap<number, Member>> => {
  const wanted = [...new Set(ids.filter((id) => id !== null && id !== undefined).map(Number))]
  return wanted.length ? app.get('core').membersById(accountId, wanted) : new Map()
}

/** The person `id` names as answers show one; null for nobody, or someone no longer a member of the account. */
export const personOf = (members: ReadonlyMap<number, Member>, id: unknown): ShownPerson | null => {
  const member = id === null || id === undefined ? undefined : members.get(Number(id))
  return member ? { id: member.userId, firstName: member.firstName, lastName: member.lastName } : null
}

/** Who each of `ids` is, read once: `(await peopleOf(app, accountId, ids))(id)`. */
export const peopleOf = async (app: Application, accountId: number, ids: readonly unknown[]) => {
  const members = await membersOf(app, accountId, ids)
  return (id: unknown) => personOf(members, id)
}
