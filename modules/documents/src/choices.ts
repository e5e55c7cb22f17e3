/** What the document form offers: the account's active types, the project's users as responsible, its documents as parent. */
import { $session, apiRequest } from '@app/module-kit'
import { projectUrls } from '@app/plugin-projects/shared'
import { type Effect, combine, createEffect, createEvent, createStore, sample } from 'effector'
import { type Choice, fetchResponsibleChoicesFx, fetchTypeChoicesFx } from './api'
import { documentTitle } from './crumbs'

export interface DocumentChoices {
  types: Choice[]
  responsibles: Choice[]
  parents: Choice[]
}

/** The project's documents, "number - title", for the parent select. */
export const fetchParentChoicesFx = createEffect(async (projectId: number) => {
  const folders = await apiRequest<{ id: number; name: string; symbol: string | null }[]>('GET', projectUrls(projectId).folders)
  return folders.map((folder) => ({ id: folder.id, name: documentTitle(folder) }))
})

/** The choices of one project's documents. */
export const choicesRequested = createEvent<number>()

const $projectId = createStore(0).on(choicesRequested, (_, projectId) => projectId)
/** A list answered for the project asked last: an earlier project's late answer is dropped. */
const forAsked = <T>(effect: Effect<number, T>) => sample({ clock: effect.done, source: $projectId, filter: (projectId, { params }) => params === projectId, fn: (_, { result }) => result })

const $types = createStore<Choice[]>([]).on(fetchTypeChoicesFx.doneData, (_, list) => list)
const $responsibles = createStore<Choice[]>([]).on(forAsked(fetchResponsibleChoicesFx), (_, list) => list)
const $parents = createStore<Choice[]>([]).on(forAsked(fetchParentChoicesFx), (_, list) => list)
$responsibles.reset(choicesRequested)
$parents.reset(choicesRequested)

export const $choices = combine({ types: $types, responsibles: $responsibles, parents: $parents })

sample({ clock: choicesRequested, source: $session, fn: (session) => session?.accountId ?? 0, target: fetchTypeChoicesFx })
sample({ clock: choicesRequested, target: [fetchResponsibleChoicesFx, fetchParentChoicesFx] })
