/**
 * Comments (module `core`: always on, so a company's comments will work where the project
 * module is off). The plugin owns the comments table; which things take comments, and who
 * may read or administer them, their owners contribute (the kit's `commentTargets`).
 */
import { definePlugin, documentDeleteBlockers, projectDeleteBlockers } from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { documentNotesBlock, projectCommentsBlock } from './delete-blocker'
import { commentsTable } from './migrations/001-comments'
import { commentsService, thingCommentsService } from './services/comments/comments'

export default definePlugin({
  id: 'comments',
  module: 'core',
  version: packageJson.version,
  migrations: [commentsTable],
  permissions: [],
  services: [thingCommentsService, commentsService],
  configure(app) {
    // A project with comments has content: it is not deleted (the projects plugin asks).
    app.get('extensions').contribute(projectDeleteBlockers, projectCommentsBlock)
    // A document with notes (comments on the module `folder`) is kept too: the documents plugin asks.
    app.get('extensions').contribute(documentDeleteBlockers, documentNotesBlock)
  },
})
