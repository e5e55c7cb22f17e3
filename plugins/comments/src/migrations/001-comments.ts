import type { Migration } from '@app/plugin-kit'

/**
 * Comments (spec part2 §3 "Comment"): attached to a thing of some module by its id (a
 * project now; folders and companies later), in one account, with who wrote and last
 * changed them and when (ISO-8601 UTC). A thing's comments are read by one index, newest
 * by id.
 */
export const commentsTable: Migration = {
  name: '2026-11-24-060-comments',
  async up(knex) {
    await knex.schema.createTable('comments', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.string('module', 40).notNullable()
      t.integer('module_id').unsigned().notNullable()
      t.text('content').notNullable()
      t.integer('author_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.string('created_at', 24).notNullable()
      t.string('changed_at', 24).nullable()
      t.integer('changed_by').unsigned().nullable().references('users.id').onDelete('SET NULL')
      t.index(['account_id', 'module', 'module_id', 'id'], 'comments_target_index')
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('comments')
  },
}
