/**
 * The `documents` remote (module `document`): the documents list, a new document, and each
 * document's pages with their upload panel. The pages load lazily, each when its route
 * first shows, with their texts (pages/texts.ts).
 */
import { defineModule, lazyPage } from '@app/module-kit'
import { locales } from './locales'

const DocumentsPage = lazyPage(() => import('./pages/list/page'), (page) => page.DocumentsPage)
const AddDocumentPage = lazyPage(() => import('./pages/add/page'), (page) => page.AddDocumentPage)
const DocumentPage = lazyPage(() => import('./pages/document/page'), (page) => page.DocumentPage)

export default defineModule({
  id: 'documents',
  flag: 'canSeeProjects',
  routes: [
    { path: '/documents', component: DocumentsPage },
    { path: '/project/:projectId/documents', component: DocumentsPage },
    { path: '/project/:projectId/documents/add', component: AddDocumentPage },
    // The bare path shows the files (part1 §2: it redirects to /files).
    { path: '/project/:projectId/documents/:documentId', component: DocumentPage },
    { path: '/project/:projectId/documents/:documentId/:tab', params: { tab: ['files', 'metadata', 'control', 'revisions', 'log'] }, component: DocumentPage },
  ],
  locales,
})
