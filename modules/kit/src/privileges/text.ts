/** The words for privileges, their resources and actions, in the user's language (under `privileges.` in the kit's namespace). */
import type { PrivilegeAction, PrivilegeResource } from '@app/plugin-kit/shared'
import { useTranslation } from 'react-i18next'
import '../locales'

export const usePrivilegeText = () => {
  const { t } = useTranslation('kit')
  /** A catalogue privilege by its name; one a newer plugin declares falls back to the API's English description. */
  const privilege = (entry: { name: string; description?: string }) => t(`privileges.catalog.${entry.name}`, { defaultValue: entry.description ?? entry.name })
  const resource = (value: PrivilegeResource) => t(`privileges.resource.${value}`)
  const action = (value: PrivilegeAction) => t(`privileges.action.${value}`)
  return { privilege, resource, action }
}
