/**
 * The tabs with an address of their own; the bare path is the dashboard. A file of its
 * own so the remote's entry (module.ts) names them without loading the project pages.
 */
export const TABS = ['metadata', 'comments', 'users'] as const
export type Tab = 'dashboard' | (typeof TABS)[number]
