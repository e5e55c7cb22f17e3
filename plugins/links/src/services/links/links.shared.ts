/** Where links live (spec part1 §7 "POST /links; GET /links/{from}/{fromId}/{to}; DELETE /links/{from}/{linkId}/{to}"). Browser-safe. */

/** POST /links makes one. */
export const linksPath = 'links'
export const linksMethods = ['create'] as const
/**
 * One item's links to a module: GET lists them (`:ref` is the item's id, the spec's
 * fromId); DELETE removes one (`:ref` is the link's id, the spec's linkId). One path for
 * both, as the spec has it: two paths of one shape could only be told apart by the order
 * they were registered in.
 */
export const itemLinksPath = 'links/:from/:ref/:to'
export const itemLinksMethods = ['find', 'remove'] as const

/** The client's URL (under /api) of POST /links. */
export const linksUrl = () => '/links'
/** The client's URL (under /api) of an item's links to a module: `linkedUrl('document', 12, 'project')`. */
export const linkedUrl = (from: string, fromId: number, to: string) => `/links/${encodeURIComponent(from)}/${fromId}/${encodeURIComponent(to)}`
/** The client's URL (under /api) of one link, removed from the page of its `from` end. */
export const linkUrl = (from: string, linkId: number, to: string) => `/links/${encodeURIComponent(from)}/${linkId}/${encodeURIComponent(to)}`
