/** The help page: the support contact beside the manuals. */
import { createEvent, createStore, sample } from 'effector'
import { fetchContactFx, type SupportContact } from '../../api'
import { manualsOpened } from '../../manuals/model'

export const helpOpened = createEvent()

export const $contact = createStore<SupportContact | null>(null).on(fetchContactFx.doneData, (_, contact) => contact)
export const $contactFailed = createStore(false)
  .on(fetchContactFx.fail, () => true)
  .on(fetchContactFx.done, () => false)

sample({ clock: helpOpened, target: [fetchContactFx, manualsOpened] })
