/** What the project form offers: the clients (companies), the managers (account users) and the parents (projects). */
import { $session } from '@app/module-kit'
import { type Store, combine, createEvent, createStore, sample } from 'effector'
import { type Choice, fetchCompanyChoicesFx, fetchManagerChoicesFx, fetchParentChoicesFx } from './api'
import type { ProjectChoices } from './project-fields'

export const choicesRequested = createEvent()


const $companies = createStore<Choice[]>([]).on(fetchCompanyChoicesFx.doneData, (_, list) => list)
const $managers = createStore<Choice[]>([]).on(fetchManagerChoicesFx.doneData, (_, list) => list)
const $parents = createStore<Choice[]>([]).on(fetchParentChoicesFx.doneData, (_, list) => list)

/** The caller is always a manager to choose (a new project names them), even when they may not list the account's users. */
const $self = $session.map((session): Choice | null =>
  session ? { id: session.user.id, name: [session.user.firstName, session.user.lastName].filter(Boolean).join(' ') } : null,
)
export const $choices: Store<ProjectChoices> = combine({ companies: $companies, managers: $managers, parents: $parents, self: $self }, ({ self, managers, ...rest }) => ({
  ...rest,
  managers: self && !managers.some((m) => m.id === self.id) ? [self, ...managers] : managers,
}))

sample({ clock: choicesRequested, target: [fetchCompanyChoicesFx, fetchParentChoicesFx] })
sample({ clock: choicesRequested, source: $session, fn: (session) => session?.accountId ?? 0, target: fetchManagerChoicesFx })

/**
 * The choices with the project's own client, manager and parent kept in them, so a form
 * shows what is saved even when the caller may not list every company or user.
 */
export const withCurrent = (
  choices: ProjectChoices,
  project: { company: { id: number; name: string } | null; manager: { id: number; firstName: string; lastName: string; username: string } | null } | null,
): ProjectChoices => {
  if (!project) return choices
  const add = (list: Choice[], choice: Choice | null) => (choice && !list.some((c) => c.id === choice.id) ? [choice, ...list] : list)
  const manager = project.manager
    ? { id: project.manager.id, name: [project.manager.firstName, project.manager.lastName].filter(Boolean).join(' ') || project.manager.username }
    : null
  return {
    companies: add(choices.companies, project.company ? { id: project.company.id, name: project.company.name } : null),
    managers: add(choices.managers, manager),
    parents: choices.parents,
  }
}
