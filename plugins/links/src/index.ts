/**
 * Links between modules (module `core`, always on: whether an end may be used is its own
 * module's switch). The plugin owns the links table; which things links join, their labels
 * and routes, and the projects that decide who sees them, their owners contribute (the
 * kit's `linkTargets`: documents and projects now; materials, quotations and buildings
 * join the same way). A linked document or project is not deleted ("is linked to").
 */
import { definePlugin, documentDeleteBlockers, projectDeleteBlockers } from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { documentLinksBlock, projectLinksBlock } from './delete-blocker'
import { linksTable } from './migrations/001-links'
import { itemLinksService, linksService } from './services/links/links'

export default definePlugin({
  id: 'links',
  module: 'core',
  version: packageJson.version,
  migrations: [linksTable],
  permissions: [],
  services: [linksService, itemLinksService],
  configure(app) {
    app.get('extensions').contribute(documentDeleteBlockers, documentLinksBlock)
    app.get('extensions').contribute(projectDeleteBlockers, projectLinksBlock)
  },
})
