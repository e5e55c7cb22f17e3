/**
 * Projects (module `project`). For now the table and the directory the kit's project
 * scope asks which account a project belongs to; the projects issue brings the services.
 */
import { type ProjectDirectory, definePlugin, resourceNames, resourceNamesOf } from '@app/plugin-kit'
import type { Knex } from 'knex'
import packageJson from '../package.json' with { type: 'json' }
import { projectsTable } from './migrations/001-projects'

/** Which account owns a project: one primary-key read (a project never changes account). */
export const projectDirectory = (knex: Knex): ProjectDirectory => ({
  async accountOf(projectId) {
    const row = await knex('projects').where({ id: projectId }).first('account_id')
    return row ? Number(row.account_id) : undefined
  },
})

export default definePlugin({
  id: 'projects',
  module: 'project',
  version: packageJson.version,
  migrations: [projectsTable],
  permissions: [],
  services: [],
  configure(app) {
    app.set('projects', projectDirectory(app.get('knex')))
    // Privileges name projects by id: core asks whether they exist, and their names, here.
    app.get('extensions').contribute(resourceNames, resourceNamesOf(app.get('knex'), 'PROJECT', 'projects'))
  },
})
