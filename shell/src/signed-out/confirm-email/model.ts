/**
 * `/confirmEmail/:token`: the link mailed to a new login e-mail (plugins/core services/username and email-confirm).
 * It changes nothing until the button is pressed, so a mail scanner that opens links
 * cannot confirm for the user. The change ends every session of the user, this
 * browser's too: the stored token is dropped and the user signs in with the new address.
 */
import { clearTokenFx } from '@app/module-kit'
import { attach, createEvent, createStore, sample } from 'effector'
import { confirmEmailFx } from '../api'
import { type Notice, errorNotice, success } from '../notice'

export const confirmEmailOpened = createEvent<string>()
export const confirmClicked = createEvent()

export const $token = createStore('').on(confirmEmailOpened, (_, token) => token)

const sendFx = attach({ source: $token, effect: confirmEmailFx, mapParams: (_: undefined, token: string) => ({ token }) })

export const $done = createStore(false)
  .on(sendFx.done, () => true)
  .reset(confirmEmailOpened)
export const $sending = sendFx.pending

export const $notice = createStore<Notice | null>(null)
  .on(sendFx, () => null)
  .on(sendFx.doneData, (_, answer) => success('confirmEmail.done', { username: answer.username }))
  .on(sendFx.failData, (_, error) => errorNotice(error))
  .reset(confirmEmailOpened)

sample({
  clock: confirmClicked,
  source: { done: $done, sending: $sending },
  filter: ({ done, sending }) => !done && !sending,
  fn: () => undefined,
  target: sendFx,
})
sample({ clock: sendFx.done, target: clearTokenFx })
