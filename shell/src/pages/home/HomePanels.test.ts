import type { EnabledModule } from '@app/module-kit'
import { MENU_FLAGS, type MenuFlags } from '@app/plugin-kit/shared'
import { expect, test } from 'vitest'
import { withHomePanels } from './HomePanels'

const remote = (id: string, home: EnabledModule['home']) => ({ id, module: id, remote: id, entry: '', version: '1', menu: [], routes: [], tiles: [], home }) as EnabledModule
const holding = (...held: string[]) => Object.fromEntries(MENU_FLAGS.map((f) => [f, held.includes(f)])) as MenuFlags

test('the home page loads only the remotes that draw panels there, and those naming a flag only for its holders', () => {
  const modules = [remote('core', null), remote('projects', { flag: 'canSeeProjects' }), remote('news', { flag: null })]
  expect(withHomePanels(modules, holding('canSeeProjects')).map((m) => m.id)).toEqual(['projects', 'news'])
  expect(withHomePanels(modules, holding()).map((m) => m.id)).toEqual(['news'])
})
