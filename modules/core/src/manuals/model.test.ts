import { allSettled, fork } from 'effector'
import { expect, test } from 'vitest'
import { fetchManualsFx } from '../api'
import { $manuals, $manualsFailed, manualsOpened } from './model'

test('a failed reload keeps the failure visible; a later success clears it', async () => {
  let fail = true
  const scope = fork({
    handlers: [[fetchManualsFx, async () => (fail ? Promise.reject(new Error('Network error')) : [{ id: 2, name: 'Guide', link: '/g.pdf' }])]],
  })
  await allSettled(manualsOpened, { scope })
  expect(scope.getState($manualsFailed)).toBe(true)
  fail = false
  await allSettled(manualsOpened, { scope })
  expect(scope.getState($manualsFailed)).toBe(false)
  expect(scope.getState($manuals)).toEqual([{ id: 2, name: 'Guide', link: '/g.pdf' }])
})
