/** What the document form offers: the account's active types, the project's users as responsible, its documents as parent. */
import { $session } from '@app/module-kit'
import { projectUrls } from '@app/plugin-projects/shared'
import { apiRequest } from '@app/module-kit'
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
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

const $types = createStore<Choice[]>([]).on(fetchTypeChoicesFx.doneData, (_, list) => list)
const $responsibles = createStore<Choice[]>([]).on(fetchResponsibleChoicesFx.doneData, (_, list) => list)
const $parents = createStore<Choice[]>([]).on(fetchParentChoicesFx.doneData, (_, list) => list)
$responsibles.reset(choicesRequested)
$parents.reset(choicesRequested)

export const $choices = combine({ types: $types, responsibles: $responsibles, parents: $parents })

sample({ clock: choicesRequested, source: $session, fn: (session) => session?.accountId ?? 0, target: fetchTypeChoicesFx })
sample({ clock: choicesRequested, target: [fetchResponsibleChoicesFx, fetchParentChoicesFx] })
