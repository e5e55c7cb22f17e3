/** Browser-safe: one privilege of the catalogue the installed plugins declare. */
import type { PrivilegeResource } from '@app/plugin-kit/shared'

export interface CatalogEntry {
  id: number
  name: string
  resource: PrivilegeResource
  description: string
  /** Granted without a resource id (true) or on one project or company (false). */
  global: boolean
}
