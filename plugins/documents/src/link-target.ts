/**
 * Documents as the ends of links (the links plugin's `/links/document/…`, the document's
 * "Used where" tab), through the kit's `linkTargets`: a document is named "number - title"
 * (its title alone without a number), opens at its page, and belongs to its project, whose
 * access decides who sees and links it. An archived document is linked like any other:
 * archiving freezes the document's own fields and rows (its title, number, links to web
 * addresses), and a link is a row of neither end, like a note on it.
 */
import type { LinkTarget } from '@app/plugin-kit'

/** A document as lists name it. */
const labelOf = (symbol: string | null, name: string) => (symbol ? `${symbol} - ${name}` : name)

export const documentLinks: LinkTarget = {
  module: 'document',
  tenantModule: 'document',
  async find(app, accountId, ids) {
    if (!ids.length) return new Map()
    const rows: { id: number; project_id: number; symbol: string | null; name: string }[] = await app
      .get('knex')('folders')
      .where('account_id', accountId)
      .whereIn('id', [...new Set(ids)])
      .select('id', 'project_id', 'symbol', 'name')
    return new Map(
      rows.map((row) => {
        const id = Number(row.id)
        const projectId = Number(row.project_id)
        return [id, { id, projectId, label: labelOf(row.symbol, row.name), route: `/project/${projectId}/documents/${id}` }]
      }),
    )
  },
  // search_key is "number title" in lower case: the order the documents' lists show.
  items: (knex, accountId) => knex('folders').where('folders.account_id', accountId).select('folders.id', 'folders.account_id', 'folders.project_id', 'folders.search_key as sort_key'),
}
