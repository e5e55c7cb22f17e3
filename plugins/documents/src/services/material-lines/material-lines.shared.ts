/** Where a document's material list lives, for the server and the document screens. Browser-safe. */
export const materialLinesPath = 'folders/:folderId/material-lines'
export const materialExcelPath = 'folders/:folderId/material-lines/export.xlsx'
export const materialPdfPath = 'folders/:folderId/material-lines/export.pdf'

export const materialLineUrls = (folderId: number) => ({
  lines: `/folders/${folderId}/material-lines`,
  line: (lineId: number) => `/folders/${folderId}/material-lines/${lineId}`,
  excel: `/folders/${folderId}/material-lines/export.xlsx`,
  pdf: `/folders/${folderId}/material-lines/export.pdf`,
})
