/** The signed-in user's id, which every profile call names in its path. */
import { $session } from '@app/module-kit'

export const $userId = $session.map((session) => session?.user.id ?? null)
