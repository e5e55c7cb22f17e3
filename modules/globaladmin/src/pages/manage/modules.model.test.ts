import { allSettled, fork } from 'effector'
import { expect, test } from 'vitest'
import { type ModuleSwitch, fetchModulesFx, saveModulesFx } from '../../api'
import { notifyFx } from '../../notify'
import { $modules, $modulesAccount, moduleToggled, modulesOpened, modulesSaved } from './modules.model'

const MODULES: ModuleSwitch[] = [
  { id: 'core', enabled: true, alwaysOn: true },
  { id: 'project', enabled: true, alwaysOn: false },
  { id: 'sales', enabled: false, alwaysOn: false },
]

test('switches toggle, core stays on, saving sends them and closes the dialog', async () => {
  const saved: unknown[] = []
  const scope = fork({
    handlers: [
      [fetchModulesFx, async () => MODULES],
      [
        saveModulesFx,
        async (params: unknown) => {
          saved.push(params)
          return MODULES
        },
      ],
      [notifyFx, () => {}],
    ],
  })
  await allSettled(modulesOpened, { scope, params: { accountId: 7, company: 'Fjord' } })
  await allSettled(moduleToggled, { scope, params: 'core' })
  await allSettled(moduleToggled, { scope, params: 'sales' })
  await allSettled(moduleToggled, { scope, params: 'project' })
  expect(scope.getState($modules).map((m) => m.enabled)).toEqual([true, false, true])
  await allSettled(modulesSaved, { scope })
  expect(saved).toEqual([
    {
      accountId: 7,
      modules: [
        { id: 'core', enabled: true, alwaysOn: true },
        { id: 'project', enabled: false, alwaysOn: false },
        { id: 'sales', enabled: true, alwaysOn: false },
      ],
    },
  ])
  expect(scope.getState($modulesAccount)).toBeNull()
})
