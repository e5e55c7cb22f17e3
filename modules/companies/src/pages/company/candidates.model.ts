/**
 * A box that finds one account user by e-mail or name (spec part1 §5: 4 or more
 * characters, and the text must name an existing account user). The users tab adds
 * the match to the company; the useraccess tab opens the match's access page.
 */
import type { CompanyUser } from '@app/plugin-companies/shared'
import { type Event, type Store, attach, combine, createEvent, createStore, sample } from 'effector'
import { fetchCandidatesFx } from '../../api'

export const MIN_CANDIDATE_TEXT = 4

const matches = (user: CompanyUser, text: string) => {
  const wanted = text.trim().toLowerCase()
  return user.username.toLowerCase() === wanted || `${user.firstName} ${user.lastName}`.toLowerCase() === wanted
}

export const createCandidatePicker = ($companyId: Store<number>, reset: Event<any>) => {
  const typed = createEvent<string>()
  const cleared = createEvent()
  const askFx = attach({ effect: fetchCandidatesFx })
  const $text = createStore('').on(typed, (_, text) => text).reset(reset, cleared)
  /** Suggestions for the text they were asked for, so a late answer cannot describe newer text. */
  const $answered = createStore<{ text: string; users: CompanyUser[] }>({ text: '', users: [] })
    .on(askFx.done, (_, { params, result }) => ({ text: params.filter, users: result }))
    .reset(reset)
  const $candidates = combine($text, $answered, (text, answered) => (answered.text === text.trim() ? answered.users : []))
  /** The account user the text names exactly: what enables the box's button. */
  const $match = combine($text, $candidates, (text, candidates) =>
    text.trim().length >= MIN_CANDIDATE_TEXT ? (candidates.find((user) => matches(user, text)) ?? null) : null,
  )
  sample({
    clock: typed,
    source: $companyId,
    filter: (_, text) => text.trim().length >= MIN_CANDIDATE_TEXT,
    fn: (id, text) => ({ id, filter: text.trim() }),
    target: askFx,
  })
  return { typed, cleared, $text, $candidates, $match }
}

export type CandidatePicker = ReturnType<typeof createCandidatePicker>
