/** The users list's sort and search keys, kept on each membership by every write of a person (migration 006 made the columns). */
import type { Knex } from 'knex'

/** The person's columns the keys are made of (a `users` row). */
export interface ListedPerson {
  username: string
  first_name: string
  last_name: string
  acronym: string
  anonymous?: boolean | number | null
}

/**
 * The users list's copies of a person's fields on each of their memberships, lower-cased
 * in JavaScript (SQLite's lower() knows only ASCII): the list is per account, so only
 * keys on the membership row let an index hold the account, the order and the filter
 * together. The search key also matches a full name ("ada lovelace").
 */
export const memberKeys = (user: ListedPerson) => ({
  username_key: user.username.toLowerCase().slice(0, 254),
  first_name_key: user.first_name.toLowerCase().slice(0, 100),
  last_name_key: user.last_name.toLowerCase().slice(0, 100),
  acronym_key: user.acronym.toLowerCase().slice(0, 20),
  user_search_key: `${user.first_name} ${user.last_name}\n${user.username}\n${user.acronym}`.toLowerCase().slice(0, 480),
  user_anonymous: Boolean(user.anonymous),
})

/** After a change to a person's name, username, acronym or anonymity: their keys on each of their memberships. */
export const refreshMemberKeys = async (knex: Knex, userId: number) => {
  const person = await knex('users').where({ id: userId }).first('username', 'first_name', 'last_name', 'acronym', 'anonymous')
  if (person) await knex('account_users').where({ user_id: userId }).update(memberKeys(person))
}
