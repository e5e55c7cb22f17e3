/** A document's tabs, each a path of its own (…/documents/{id}/{tab}): the route declaration lists them without loading the page. */
export const TABS = ['files', 'metadata', 'control', 'revisions', 'notes', 'used', 'actions', 'materials', 'log', 'binders'] as const
export type Tab = (typeof TABS)[number]
