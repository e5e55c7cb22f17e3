/**
 * The dashboard's options (spec part2 §2): mode (tiles or map), show-all-folders and
 * sidebar-open, remembered in localStorage for each user of each account, for every project
 * alike. The fourth, file-manager-mounted, is the kit's file manager model: the panel stands
 * beside every page of a project, not the dashboard alone.
 */
export interface DashboardOptions {
  mode: 'tiles' | 'map'
  showAllFolders: boolean
  sidebarOpen: boolean
}

export const DEFAULT_OPTIONS: DashboardOptions = { mode: 'tiles', showAllFolders: false, sidebarOpen: false }

export const optionsKey = (accountId: number, userId: number) => `projects.dashboard.${accountId}.${userId}`

/** What was stored, each value checked; anything unreadable is the default. */
export const readOptions = (stored: string | null): DashboardOptions => {
  let value: Partial<Record<keyof DashboardOptions, unknown>> = {}
  try {
    value = (JSON.parse(stored ?? '{}') as typeof value) ?? {}
  } catch {}
  const flag = (key: 'showAllFolders' | 'sidebarOpen') => (typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_OPTIONS[key])
  return {
    mode: value.mode === 'map' ? 'map' : 'tiles',
    showAllFolders: flag('showAllFolders'),
    sidebarOpen: flag('sidebarOpen'),
  }
}
