/**
 * Documents (module `document`): documents (the spec's folders) in projects, and the files
 * registered in them; what the documents give a project's document groups and lists.
 */
import { accountFiles, definePlugin, projectDeleteBlockers, projectFiles, projectFolders } from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { accountDocumentFiles, projectDocumentBytes, projectDocuments, projectDocumentsBlock } from './contributions'
import { documentsTables } from './migrations/001-documents'
import { uploadsTables } from './migrations/002-uploads'
import { fileServices } from './services/files/files'
import { folderFileServices } from './services/folder-files/folder-files'
import { foldersService } from './services/folders/folders'
import { uploadServices } from './services/uploads/uploads'
import { uploadPath } from './services/uploads/uploads.shared'

export { FOLDER_LEVELS } from './services/folders/folders'

export default definePlugin({
  id: 'documents',
  module: 'document',
  version: packageJson.version,
  migrations: [documentsTables, uploadsTables],
  permissions: [],
  services: [foldersService, ...folderFileServices, ...uploadServices, ...fileServices],
  configure(app) {
    const extensions = app.get('extensions')
    extensions.contribute(projectFolders, projectDocuments)
    extensions.contribute(projectDeleteBlockers, projectDocumentsBlock)
    extensions.contribute(projectFiles, projectDocumentBytes)
    extensions.contribute(accountFiles, accountDocumentFiles)
  },
  async setup(app) {
    // Uploads nobody finished (or registered) for a day: their parts and files go, now and every hour.
    const sweep = () => app.service(uploadPath).sweepAbandoned()
    await sweep()
    setInterval(() => sweep().catch((error) => app.get('logger').warn({ err: error }, 'Sweeping abandoned uploads failed')), 60 * 60 * 1000).unref()
  },
})
