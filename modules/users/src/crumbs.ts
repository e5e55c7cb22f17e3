/** The users remote's own crumb: the users list, after the kit's dashboard. */
import type { Crumb } from '@app/module-kit'

export const usersCrumb = (): Crumb => ({ label: 'users:title', href: '/users' })
