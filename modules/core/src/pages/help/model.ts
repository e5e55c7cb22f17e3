/** The help page's support contact (the manuals beside it load themselves, as on the profile). */
import { createEvent, createStore, sample } from 'effector'
import { fetchContactFx, type SupportContact } from '../../api'

export const helpOpened = createEvent()
/** Retry after a failed load. */
export const contactRetried = createEvent()

export const $contact = createStore<SupportContact | null>(null).on(fetchContactFx.doneData, (_, contact) => contact)
export const $contactLoading = fetchContactFx.pending
export const $contactFailed = createStore(false)
  .on(fetchContactFx.fail, () => true)
  .on(fetchContactFx.done, () => false)

sample({ clock: [helpOpened, contactRetried], target: fetchContactFx })
