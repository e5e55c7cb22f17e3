/** The page background each user picks on their profile, kept in localStorage per user id. */
import { createEffect, createEvent, createStore, sample } from 'effector'
import { $session } from './session'

export type Background = 'current' | 'lightGrey' | 'darkGrey' | 'black'
export const BACKGROUNDS: readonly Background[] = ['current', 'lightGrey', 'darkGrey', 'black']

export const backgroundChosen = createEvent<Background>()
export const $background = createStore<Background>('current').on(backgroundChosen, (_, background) => background)

const keyOf = (userId: number) => `background:${userId}`
const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage)

export const readBackgroundFx = createEffect((userId: number): Background => {
  const stored = storage()?.getItem(keyOf(userId))
  return BACKGROUNDS.find((background) => background === stored) ?? 'current'
})
export const saveBackgroundFx = createEffect(({ userId, background }: { userId: number; background: Background }) => {
  storage()?.setItem(keyOf(userId), background)
})

const $userId = $session.map((session) => session?.user.id ?? null)

sample({ clock: $userId.updates, filter: (userId): userId is number => userId !== null, target: readBackgroundFx })
$background.on(readBackgroundFx.doneData, (_, background) => background)
sample({ clock: $userId.updates, filter: (userId) => userId === null, fn: (): Background => 'current', target: $background })
sample({
  clock: backgroundChosen,
  source: $userId,
  filter: (userId): userId is number => userId !== null,
  fn: (userId, background) => ({ userId: userId!, background }),
  target: saveBackgroundFx,
})
