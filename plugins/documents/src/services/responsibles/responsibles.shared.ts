/** Who a project's document may name as responsible, for the document form. Browser-safe. */
export const responsiblesPath = 'projects/:projectId/document-responsibles'
export const responsiblesUrl = (projectId: number) => `/projects/${projectId}/document-responsibles`
