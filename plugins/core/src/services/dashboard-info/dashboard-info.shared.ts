/** Where the home page's counts are read (spec part2 §7). Browser-safe. */
export const dashboardInfoPath = 'dashboard/info'
export const dashboardInfoMethods = ['find'] as const
