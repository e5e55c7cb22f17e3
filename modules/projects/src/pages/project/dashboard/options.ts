/**
 * The dashboard's options (spec part2 §2): mode (tiles or map), show-all-folders,
 * sidebar-open and file-manager-mounted, remembered in localStorage for each user of
 * each account, for every project alike.
 */
export interface DashboardOptions {
  mode: 'tiles' | 'map'
  showAllFolders: boolean
  sidebarOpen: boolean
  fileManager: boolean
}

export const DEFAULT_OPTIONS: DashboardOptions = { mode: 'tiles', showAllFolders: false, sidebarOpen: false, fileManager: false }

export const optionsKey = (accountId: number, userId: number) => `projects.dashboard.${accountId}.${userId}`

/** What was stored, each value checked; anything unreadable is the default. */
export const readOptions = (stored: string | null): DashboardOptions => {
  let value: Partial<Record<keyof DashboardOptions, unknown>> = {}
  try {
    value = (JSON.parse(stored ?? '{}') as typeof value) ?? {}
  } catch {}
  const flag = (key: 'showAllFolders' | 'sidebarOpen' | 'fileManager') => (typeof value[key] === 'boolean' ? (value[key] as boolean) : DEFAULT_OPTIONS[key])
  return {
    mode: value.mode === 'map' ? 'map' : 'tiles',
    showAllFolders: flag('showAllFolders'),
    sidebarOpen: flag('sidebarOpen'),
    fileManager: flag('fileManager'),
  }
}
