/** The companies remote's own crumb: the companies list, after the kit's dashboard. */
import type { Crumb } from '@app/module-kit'

export const companiesCrumb = (): Crumb => ({ label: 'companies:list.title', href: '/companies' })
