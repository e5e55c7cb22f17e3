/**
 * Documents (module `document`): documents (the spec's folders) in projects, and the files
 * registered in them; the documents list with its tabs (and the favourite marks and visits
 * behind them); what the documents give a project's document groups and lists.
 */
import {
  accountFiles,
  commentTargets,
  companyDeleteBlockers,
  definePlugin,
  documentDeleteBlockers,
  linkTargets,
  projectDeleteBlockers,
  projectFiles,
  projectFolders,
  projectStatusBoxes,
  searchProviders,
} from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { folderComments } from './comment-target'
import { documentLinks } from './link-target'
import { accountDocumentFiles, companyDocumentsBlock, projectDocumentBytes, projectDocuments, projectDocumentsBlock } from './contributions'
import { documentsTables } from './migrations/001-documents'
import { uploadsTables } from './migrations/002-uploads'
import { marksTables } from './migrations/003-marks'
import { controlTables } from './migrations/004-control'
import { statusIndex } from './migrations/005-status-index'
import { urlsTables } from './migrations/006-urls'
import { fileStateColumns } from './migrations/007-file-state'
import { fileSearchIndex } from './migrations/008-file-search-index'
import { materialLinesTables } from './migrations/010-material-lines'
import { actionsTables } from './migrations/011-actions'
import { listIndex } from './migrations/012-list-index'
import { fileNameIndex } from './migrations/014-file-name-index'
import { listOrderIndex } from './migrations/015-list-order-index'
import { fileManagerIndex } from './migrations/016-file-manager-index'
import { fileUsage } from './migrations/017-file-usage'
import { wordIndexes } from './migrations/018-words'
import { fileNameKeys } from './migrations/019-file-name-keys'
import { documentListsTables } from './migrations/013-document-lists'
import { documentsSearch, filesSearch } from './search'
import { controlServices } from './services/control/control'
import { binderServices } from './services/document-lists/document-lists'
import { documentInListBlock, projectListsBlock } from './services/document-lists/document-lists.blockers'
import { documentsListService } from './services/documents/documents'
import { folderFavoriteService } from './services/favorites/favorites'
import { fileServices } from './services/files/files'
import { fileManagerService } from './services/file-manager/file-manager'
import { fileStateServices } from './services/file-state/file-state'
import { folderActionsService } from './services/folder-actions/folder-actions'
import { folderUrlsService } from './services/folder-urls/folder-urls'
import { materialLineServices } from './services/material-lines/material-lines'
import { folderFileServices } from './services/folder-files/folder-files'
import { foldersService } from './services/folders/folders'
import { foldersBulkService } from './services/folders-bulk/folders-bulk'
import { responsiblesService } from './services/responsibles/responsibles'
import { uploadServices } from './services/uploads/uploads'
import { uploadPath } from './services/uploads/uploads.shared'
import { documentStatusBoxes } from './status-boxes'

export { insertFiles, recountFileUsage } from './file-usage'
export { FOLDER_LEVELS } from './services/folders/folders'
export { FILE_WORDS, FOLDER_WORDS, fileNameKey, folderSearchKey, folderWordRows, writeFolderWords } from './words'

// Menu and tile labels travel in every language: the shell draws them before the remote loads.
const DOCUMENTS = { 'en-GB': 'Documents', 'fi-FI': 'Dokumentit', 'no-NO': 'Dokumenter', 'pl-PL': 'Dokumenty', 'se-SE': 'Dokument' }

export default definePlugin({
  id: 'documents',
  module: 'document',
  version: packageJson.version,
  migrations: [documentsTables, uploadsTables, marksTables, controlTables, statusIndex, urlsTables, fileStateColumns, fileSearchIndex, materialLinesTables, actionsTables, listIndex, documentListsTables, fileNameIndex, listOrderIndex, fileManagerIndex, fileUsage, wordIndexes, fileNameKeys],
  permissions: [],
  remotes: [
    {
      // modules/documents: the documents list (/documents, /project/{id}/documents), a new document, several from a list (…/documents/bulk) and each document's pages: all under these prefixes.
      name: 'documents',
      routes: ['/documents', '/project/:projectId/documents'],
      menu: [{ id: 'documents', label: DOCUMENTS, path: '/documents', area: 'configuration', flag: 'canSeeProjects' }],
      tiles: [{ id: 'documents', label: DOCUMENTS, path: '/documents', flag: 'canSeeProjects' }],
      // The file manager beside every page of a project, the projects remote's included.
      panels: [{ path: '/project/:projectId', flag: 'canSeeProjects' }],
      // The upload panel cuts files into the parts the API takes.
      config: (app) => ({ uploadPartBytes: app.get('config').uploadPartBytes }),
    },
  ],
  services: [foldersService, foldersBulkService, ...folderFileServices, ...uploadServices, ...fileServices, folderFavoriteService, documentsListService, responsiblesService, ...controlServices, folderUrlsService, ...fileStateServices, ...materialLineServices, folderActionsService, ...binderServices, fileManagerService],
  configure(app) {
    const extensions = app.get('extensions')
    extensions.contribute(projectFolders, projectDocuments)
    extensions.contribute(projectDeleteBlockers, projectDocumentsBlock)
    extensions.contribute(projectFiles, projectDocumentBytes)
    extensions.contribute(accountFiles, accountDocumentFiles)
    // The project dashboard's status boxes, the /search page's Documents and Files groups, a company's documents keeping it, and notes on documents (/comments/folder/:folderId).
    extensions.contribute(projectStatusBoxes, documentStatusBoxes)
    extensions.contribute(searchProviders, documentsSearch)
    extensions.contribute(searchProviders, filesSearch)
    extensions.contribute(companyDeleteBlockers, companyDocumentsBlock)
    extensions.contribute(commentTargets, folderComments)
    // Binders (document lists): a document in one, and a project with any, is kept (part1 §8 "is in document list").
    extensions.contribute(documentDeleteBlockers, documentInListBlock)
    extensions.contribute(projectDeleteBlockers, projectListsBlock)
    // Documents are ends of links (the links plugin's /links/document/…, the document's Used where tab).
    extensions.contribute(linkTargets, documentLinks)
  },
  async setup(app) {
    // Uploads nobody finished (or registered) for a day: their parts and files go, now and every hour.
    const sweep = () => app.service(uploadPath).sweepAbandoned()
    await sweep()
    setInterval(() => sweep().catch((error) => app.get('logger').warn({ err: error }, 'Sweeping abandoned uploads failed')), 60 * 60 * 1000).unref()
  },
})
