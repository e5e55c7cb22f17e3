/** The words for privileges, resources, actions and a user's grants, in the user's language. */
import type { PrivilegeAction, PrivilegeResource } from '@app/plugin-kit/shared'
import { useTranslation } from 'react-i18next'
import type { UserGrant } from './api'
import '../locales'

export const useGrantText = () => {
  const { t } = useTranslation('kit')
  /** A catalogue privilege by its name; one a newer plugin declares falls back to the API's English description. */
  const privilege = (entry: { name: string; description?: string }) => t(`grants.catalog.${entry.name}`, { defaultValue: entry.description ?? entry.name })
  const resource = (value: PrivilegeResource) => t(`grants.resource.${value}`)
  const action = (value: PrivilegeAction) => t(`grants.action.${value}`)
  /** What a grant is: a named privilege, or access to one row (or the whole account) of its resource. */
  const grantName = (grant: UserGrant) => (grant.name ? privilege({ name: grant.name }) : t('grants.accessTo', { resource: resource(grant.resource) }))
  /** What it applies to: the company (or project) by name, else the whole account. */
  const grantTarget = (grant: UserGrant) =>
    grant.resourceId === null ? t('grants.wholeAccount') : (grant.resourceName ?? t('grants.missingRow', { id: grant.resourceId }))
  /** The row's name for labels and the removal question: "what, on what". */
  const grantLabel = (grant: UserGrant) => t('grants.grantLabel', { privilege: grantName(grant), target: grantTarget(grant) })
  return { privilege, resource, action, grantName, grantTarget, grantLabel }
}
