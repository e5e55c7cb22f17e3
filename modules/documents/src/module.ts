/**
 * The `documents` remote (module `document`): the documents list, a new document, several
 * new documents from a list, and each document's pages with their upload panel. The pages
 * load lazily, each when its route first shows, with their texts (pages/texts.ts); so does the
 * file manager panel beside a project's pages, once it is opened.
 */
import { defineModule, lazyPage } from '@app/module-kit'
import { FileManagerPanel } from './file-manager/FileManagerPanel'
import { locales } from './locales'
import { TABS } from './pages/document/tabs'

const DocumentsPage = lazyPage(() => import('./pages/list/page'), (page) => page.DocumentsPage)
const AddDocumentPage = lazyPage(() => import('./pages/add/page'), (page) => page.AddDocumentPage)
const BulkDocumentsPage = lazyPage(() => import('./pages/bulk/page'), (page) => page.BulkDocumentsPage)
const BindersPage = lazyPage(() => import('./pages/binders/page'), (page) => page.BindersPage)
const BinderPage = lazyPage(() => import('./pages/binder/page'), (page) => page.BinderPage)
const DocumentPage = lazyPage(() => import('./pages/document/page'), (page) => page.DocumentPage)

export default defineModule({
  id: 'documents',
  flag: 'canSeeProjects',
  routes: [
    { path: '/documents', component: DocumentsPage },
    { path: '/project/:projectId/documents', component: DocumentsPage },
    { path: '/project/:projectId/documents/add', component: AddDocumentPage },
    // Several documents from a list; before `:documentId`, which would take `bulk` for an id.
    { path: '/project/:projectId/documents/bulk', component: BulkDocumentsPage },
    // The project's binders (document lists) and one binder; before `:documentId` and `:documentId/:tab` too.
    { path: '/project/:projectId/documents/binders', component: BindersPage },
    { path: '/project/:projectId/documents/binders/:listId', component: BinderPage },
    // The bare path shows the files (part1 §2: it redirects to /files).
    { path: '/project/:projectId/documents/:documentId', component: DocumentPage },
    { path: '/project/:projectId/documents/:documentId/:tab', params: { tab: [...TABS] }, component: DocumentPage },
  ],
  // The file manager beside every page of a project (the plugin's remote names the prefix for GET /modules).
  panels: [{ id: 'file-manager', path: '/project/:projectId', component: FileManagerPanel }],
  locales,
})
