/** The words for privileges, resources and actions, in the user's language. */
import type { PrivilegeResource } from '@app/plugin-kit/shared'
import { useTranslation } from 'react-i18next'
import type { CatalogPrivilege, UserGrant } from '../../api'

export const usePrivilegeText = () => {
  const { t } = useTranslation('admin')
  /** A catalogue privilege by its name; one a newer plugin declares falls back to the API's English description. */
  const privilege = (entry: Pick<CatalogPrivilege, 'name'> & { description?: string }) =>
    t(`privileges.catalog.${entry.name}`, { defaultValue: entry.description ?? entry.name })
  const resource = (value: PrivilegeResource) => t(`privileges.resource.${value}`)
  return {
    privilege,
    resource,
    action: (value: string) => t(`privileges.action.${value}`),
    /** What a user's grant is: a named privilege, or access to one row (or the whole account) of its resource. */
    grantName: (grant: UserGrant) => (grant.name ? privilege({ name: grant.name }) : t('privileges.accessTo', { resource: resource(grant.resource) })),
    /** What it applies to: the company (or project) by name, else the whole account. */
    grantTarget: (grant: UserGrant) =>
      grant.resourceId === null ? t('privileges.wholeAccount') : (grant.resourceName ?? t('privileges.missingRow', { id: grant.resourceId })),
  }
}
