/**
 * The "Used where" tab's API calls (spec part1 §7 "POST /links; GET /links/{from}/{fromId}/{to};
 * DELETE /links/{from}/{linkId}/{to}"), as effects replaced in tests: a document's links to
 * documents or projects, one made, one removed; and the search (GET /search) that finds
 * what to link. Beside api.ts, which holds the documents' own calls.
 */
import { type ListPage, apiRequest } from '@app/module-kit'
import { type SearchResult, searchPath } from '@app/plugin-core/shared'
import { type Link, linkedUrl, linksUrl, linkUrl } from '@app/plugin-links/shared'
import { createEffect } from 'effector'

/** The kinds of thing a document is linked to here, as the links API names their modules. */
export const USED_KINDS = ['document', 'project'] as const
export type UsedKind = (typeof USED_KINDS)[number]

/** The links of one kind one page holds (the API's most); a document linked to more is read page by page. */
export const USED_PAGE = 500
/** Hits the search answers per group. */
export const SEARCH_LIMIT = 20

/** The document's links to one kind, by the other end's label: every page of them. */
export const fetchUsedFx = createEffect(async ({ folderId, kind }: { folderId: number; kind: UsedKind }) => {
  const links: Link[] = []
  for (;;) {
    const page = await apiRequest<ListPage<Link>>('GET', linkedUrl('document', folderId, kind), { query: { $limit: USED_PAGE, $skip: links.length } })
    links.push(...page.data)
    if (page.data.length === 0 || links.length >= page.total) return links
  }
})

/** A link from the document to a thing of `kind`. */
export const addUsedFx = createEffect(({ folderId, kind, id }: { folderId: number; kind: UsedKind; id: number }) =>
  apiRequest<Link>('POST', linksUrl(), { body: { from: 'document', fromId: folderId, to: kind, toId: id } }),
)

/** A link removed from the document's end. */
export const removeUsedFx = createEffect(async (link: Link) => {
  await apiRequest<Link>('DELETE', linkUrl('document', link.id, link.to))
  return link
})

/** Where GET /search files each kind's hits. */
const SEARCH_GROUP: Record<UsedKind, string> = { document: 'documents', project: 'projects' }

/** Things of a kind whose number or title holds the text (3 characters or more), as the search page finds them. */
export const searchUsedFx = createEffect(async ({ kind, text }: { kind: UsedKind; text: string }) => {
  const result = await apiRequest<SearchResult>('GET', `/${searchPath}`, { query: { q: text, $limit: SEARCH_LIMIT } })
  return (result.groups.find((group) => group.group === SEARCH_GROUP[kind])?.items ?? []).map(({ id, title }) => ({ id, title }))
})
