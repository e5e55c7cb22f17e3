/** The admin settings tabs (spec part1 §2) and where each lives. */
export const TABS = ['info', 'users', 'roles', 'setup', 'templates'] as const
export type Tab = (typeof TABS)[number]

/** The setup tab names its account in the path (/admin/{accountId}/setup); the others are the current account's. */
export const tabPath = (tab: Tab, accountId: number) => (tab === 'info' ? '/admin' : tab === 'setup' ? `/admin/${accountId}/setup` : `/admin/${tab}`)

/** What /admin/{segment} shows: a tab, or an account id that opens that account's info. */
export const sectionOf = (segment: string | undefined): { tab: Tab } | { accountId: number } | null => {
  if (segment === undefined) return { tab: 'info' }
  if (/^\d+$/.test(segment)) return { accountId: Number(segment) }
  return (TABS as readonly string[]).includes(segment) && segment !== 'setup' ? { tab: segment as Tab } : null
}
