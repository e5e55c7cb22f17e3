/**
 * A project-scoped module stand-in for tests, until the projects issue brings real
 * project-scoped services: notes addressed by their rows' projectId (every method; a find
 * naming no project lists the caller's projects' notes), and a summary addressed by path
 * that answers the caller's level.
 */
import { type AppParams, type Migration, type PluginDefinition, TableService, definePlugin } from '@app/plugin-kit'
import { Type } from '@sinclair/typebox'

export const NOTES = 'test_project_notes'

const notesTable: Migration = {
  name: '2026-11-23-900-test-project-notes',
  async up(knex) {
    await knex.schema.createTable(NOTES, (t) => {
      t.increments('id')
      t.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE')
      t.integer('project_id').unsigned().notNullable().references('projects.id').onDelete('CASCADE')
      t.string('text', 100).notNullable()
    })
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(NOTES)
  },
}

const noteSchema = Type.Object({ id: Type.Integer(), accountId: Type.Integer(), projectId: Type.Integer(), text: Type.String() }, { additionalProperties: false })
const noteData = Type.Object(
  { projectId: Type.Integer({ minimum: 1 }), text: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false, examples: [{ text: 'A note' }] },
)
const notePatch = Type.Object({ projectId: Type.Optional(Type.Integer({ minimum: 1 })), text: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false })
const noteQuery = Type.Object(
  { projectId: Type.Optional(Type.Integer()), text: Type.Optional(Type.String()), $limit: Type.Optional(Type.Integer()), $skip: Type.Optional(Type.Integer()) },
  { additionalProperties: false },
)

export const notesPlugin: PluginDefinition = definePlugin({
  id: 'test-project-notes',
  module: 'project',
  version: '0.0.1',
  migrations: [notesTable],
  permissions: [],
  services: [
    {
      path: 'test-project-notes',
      methods: ['find', 'get', 'create', 'patch', 'remove'],
      scope: {
        kind: 'project',
        level: { find: 'VIEW', get: 'ACCESS', create: 'EDIT', patch: 'DOWNLOAD', remove: 'ADMINISTER' },
        projectIdFrom: { field: 'projectId', table: NOTES, listsAcross: true },
      },
      schemas: { data: noteData, patch: notePatch, query: noteQuery, result: noteSchema },
      service: (app) => new TableService({ Model: app.get('knex'), name: NOTES, result: noteSchema }),
    },
    {
      path: 'test-projects/:projectId/summary',
      methods: ['find'],
      scope: { kind: 'project', level: { find: 'DOWNLOAD' }, projectIdFrom: { routeParam: 'projectId' } },
      service: () => ({
        find: async (params: AppParams) => ({ projectId: params.project?.id, level: params.project?.level }),
      }),
    },
  ],
})

