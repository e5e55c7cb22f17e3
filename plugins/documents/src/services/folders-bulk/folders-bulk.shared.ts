/**
 * Where several documents of one project are created at once, for the server and the bulk
 * page. Browser-safe.
 *
 * Not `folders/bulk`: beside `folders/:id` and `folders/:folderId/…` that path would reach
 * this service only by the router's rule that a static segment beats a placeholder, and
 * would put a word where every other `folders/…` path has a document's id. Under the
 * project, with a segment of its own, no other route matches its URLs at all (the
 * project's list is `projects/:projectId/folders`), and the path names the project whose
 * EDIT level the call needs, as `projects/:projectId/document-responsibles` does.
 */
export const foldersBulkPath = 'projects/:projectId/folders-bulk'
export const foldersBulkUrl = (projectId: number) => `/projects/${projectId}/folders-bulk`
