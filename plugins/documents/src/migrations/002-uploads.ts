import type { Migration } from '@app/plugin-kit'

/**
 * Chunked uploads into documents (spec part1 §4 "Upload item", §7): each upload the API
 * started, for whom and into which document, and the parts it has confirmed (number,
 * bytes, ETag). The API keeps its own record rather than asking the store (not every
 * S3-compatible store lists parts): an upload resumes from it, a complete is checked
 * against it, and an upload untouched for a day is aborted from it.
 */
export const uploadsTables: Migration = {
  name: '2026-11-24-071-document-uploads',
  async up(knex) {
    await knex.schema.createTable('uploads', (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.integer('folder_id').unsigned().notNullable().references('folders.id').onDelete('CASCADE')
      // Only the person who started an upload sends its parts, completes, registers or aborts it.
      t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      t.string('storage_key', 120).notNullable()
      // The store's own id of the multipart upload (S3's are long).
      t.string('store_upload_id', 1024).notNullable()
      t.string('file_name', 255).notNullable()
      // What the browser knows of the file beyond name and size (its last change): a resume continues only the same file.
      t.string('fingerprint', 100).nullable()
      t.string('mime', 120).notNullable()
      t.bigInteger('size').notNullable()
      t.bigInteger('part_size').notNullable()
      // OPEN while parts arrive, COMPLETED once the store holds the file (until it is registered in the document).
      t.string('state', 12).notNullable().defaultTo('OPEN')
      t.string('created_at', 24).notNullable()
      // Epoch ms of the last part, complete or start: a day without one abandons the upload.
      t.bigInteger('touched_at').notNullable()
      t.unique(['storage_key'], { indexName: 'uploads_storage_key_unique' })
      t.index(['touched_at'], 'uploads_touched_index')
    })
    await knex.schema.createTable('upload_parts', (t) => {
      t.integer('upload_id').unsigned().notNullable().references('uploads.id').onDelete('CASCADE')
      t.integer('part_no').unsigned().notNullable()
      t.string('etag', 200).notNullable()
      t.bigInteger('size').notNullable()
      t.primary(['upload_id', 'part_no'])
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('upload_parts')
    await knex.schema.dropTableIfExists('uploads')
  },
}
