/** An account's module switches in a dialog: checkboxes, core always on, saved with PUT. */
import { createEvent, createStore, sample } from 'effector'
import { type ModuleSwitch, fetchModulesFx, saveModulesFx } from '../../api'
import { notifyFx } from '../../notify'

export const modulesOpened = createEvent<{ accountId: number; company: string }>()
export const moduleToggled = createEvent<string>()
export const modulesSaved = createEvent()
export const modulesClosed = createEvent()

export const $modulesAccount = createStore<{ accountId: number; company: string } | null>(null)
  .on(modulesOpened, (_, account) => account)
  .reset(modulesClosed, saveModulesFx.done)
export const $modules = createStore<ModuleSwitch[]>([])
  .on(fetchModulesFx.doneData, (_, modules) => modules)
  .on(moduleToggled, (modules, id) => modules.map((m) => (m.id === id && !m.alwaysOn ? { ...m, enabled: !m.enabled } : m)))
  .reset(modulesOpened, modulesClosed)
export const $modulesLoading = fetchModulesFx.pending
export const $modulesSaving = saveModulesFx.pending

sample({ clock: modulesOpened, fn: ({ accountId }) => accountId, target: fetchModulesFx })
sample({
  clock: modulesSaved,
  source: { account: $modulesAccount, modules: $modules },
  filter: ({ account, modules }) => account !== null && modules.length > 0,
  fn: ({ account, modules }) => ({ accountId: account!.accountId, modules }),
  target: saveModulesFx,
})
sample({ clock: saveModulesFx.done, fn: () => ({ kind: 'success' as const, key: 'modules.saved' }), target: notifyFx })
sample({ clock: [saveModulesFx.fail, fetchModulesFx.fail], fn: () => ({ kind: 'error' as const, key: 'modules.failed' }), target: notifyFx })
