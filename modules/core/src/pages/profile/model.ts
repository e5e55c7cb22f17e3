/** The profile page as a whole: opening it sets its breadcrumb. */
import { breadcrumbsSet } from '@app/module-kit'
import { createEvent, sample } from 'effector'

export const profileOpened = createEvent()

// A `core:` key: the trail translates it when drawn, so it follows a language change.
sample({ clock: profileOpened, fn: () => [{ label: 'core:profile.title' }], target: breadcrumbsSet })
