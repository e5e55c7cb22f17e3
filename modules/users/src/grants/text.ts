/** The words for a user's grants in the user's language: the kit's privilege words, and what each grant applies to. */
import { usePrivilegeText } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import type { UserGrant } from './api'

export const useGrantText = () => {
  const { t } = useTranslation('users')
  const { privilege, resource, action } = usePrivilegeText()
  /** What a grant is: a named privilege, or access to one row (or the whole account) of its resource. */
  const grantName = (grant: UserGrant) => (grant.name ? privilege({ name: grant.name }) : t('grants.accessTo', { resource: resource(grant.resource) }))
  /** What it applies to: the company (or project) by name, else the whole account. */
  const grantTarget = (grant: UserGrant) =>
    grant.resourceId === null ? t('grants.wholeAccount') : (grant.resourceName ?? t('grants.missingRow', { id: grant.resourceId }))
  /** The row's name for labels and the removal question: "what, on what". */
  const grantLabel = (grant: UserGrant) => t('grants.grantLabel', { privilege: grantName(grant), target: grantTarget(grant) })
  return { privilege, resource, action, grantName, grantTarget, grantLabel }
}
