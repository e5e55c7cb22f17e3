/**
 * Where a checklist's exports live, for the server and the checklist screens. Browser-safe.
 *
 * One path a format, as the documents plugin addresses its material list's exports
 * (…/material-lines/export.xlsx and …/export.pdf): the URL ends in the file's extension, so a
 * plain link downloads the file, and each path answers one type.
 */
export const checklistExcelPath = 'checklists/:checklistId/export.xlsx'
export const checklistPdfPath = 'checklists/:checklistId/export.pdf'

/** The exports of a checklist, with the viewer's time zone (the browser's own) for the days in them. */
export const checklistExportUrls = (id: number, timeZone?: string) => {
  const query = timeZone ? `?timeZone=${encodeURIComponent(timeZone)}` : ''
  return {
    excel: `/checklists/${id}/export.xlsx${query}`,
    pdf: `/checklists/${id}/export.pdf${query}`,
  }
}
