import type { Migration } from '@app/plugin-kit'
import { keysetBatches } from '@app/plugin-kit'
import type { Knex } from 'knex'
import { type ListedPerson, memberKeys } from '../member-keys'

/** What the list filters on besides the order: every list index ends with these, so any plan reads the index alone. */
const FILTERED = ['user_id', 'access_level', 'user_anonymous', 'company_id', 'user_search_key']
const LIST_INDEXES = {
  account_users_list_username_idx: 'username_key',
  account_users_list_first_idx: 'first_name_key',
  account_users_list_last_idx: 'last_name_key',
  account_users_list_acronym_idx: 'acronym_key',
  account_users_list_created_idx: 'created_at',
  account_users_list_enabled_idx: 'enabled',
}

const backfill = async (knex: Knex) => {
  const people = keysetBatches<ListedPerson & { id: number }>(() => knex('users').select('id', 'username', 'first_name', 'last_name', 'acronym', 'anonymous'))
  for await (const person of people) await knex('account_users').where({ user_id: person.id }).update(memberKeys(person))
}

/** Sort and search keys of the users list on the memberships, with an index per sortable column. */
export const userListKeys: Migration = {
  name: '2026-11-23-006-core-user-list-keys',
  async up(knex) {
    await knex.schema.alterTable('account_users', (t) => {
      // Compared byte by byte on MariaDB as on SQLite: the keys are lower-cased already, LIKE
      // then skips the collation's work, and both databases sort alike (å, ä, ö after z).
      const key = (name: string, length: number) => t.string(name, length).collate('utf8mb4_bin').notNullable().defaultTo('')
      key('username_key', 254)
      key('first_name_key', 100)
      key('last_name_key', 100)
      key('acronym_key', 20)
      key('user_search_key', 480)
      t.boolean('user_anonymous').notNullable().defaultTo(false)
    })
    await backfill(knex)
    await knex.schema.alterTable('account_users', (t) => {
      // The list's created-at index below starts with the same two columns.
      t.dropIndex(['account_id', 'created_at'], 'account_users_account_created_idx')
      for (const [name, column] of Object.entries(LIST_INDEXES)) t.index(['account_id', column, ...FILTERED], name)
    })
  },
  async down(knex) {
    await knex.schema.alterTable('account_users', (t) => {
      for (const [name, column] of Object.entries(LIST_INDEXES)) t.dropIndex(['account_id', column, ...FILTERED], name)
      t.index(['account_id', 'created_at'], 'account_users_account_created_idx')
      t.dropColumns('username_key', 'first_name_key', 'last_name_key', 'acronym_key', 'user_search_key', 'user_anonymous')
    })
  },
}
