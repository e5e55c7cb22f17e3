/** Where the control process, revisions and the change log live, for the server and the document screens. Browser-safe. */
export const controlPath = 'folders/:folderId/control'
export const archivePath = 'folders/:folderId/archive'
export const unarchivePath = 'folders/:folderId/unarchive'
export const revisionsPath = 'folders/:folderId/revisions'
/** The spec's path of a document's change log (part1 §7). */
export const folderEventsPath = 'event/folder/:folderId'

export const controlUrls = (folderId: number) => ({
  control: `/folders/${folderId}/control`,
  role: (role: string) => `/folders/${folderId}/control/${role}`,
  archive: `/folders/${folderId}/archive`,
  unarchive: `/folders/${folderId}/unarchive`,
  revisions: `/folders/${folderId}/revisions`,
  revision: (revisionId: number) => `/folders/${folderId}/revisions/${revisionId}`,
  events: `/event/folder/${folderId}`,
})
