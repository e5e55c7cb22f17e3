import { allSettled, createEvent, createStore, fork } from 'effector'
import { expect, test } from 'vitest'
import { afterPause } from './pause'

test('only the latest of values given in quick succession comes through, once quiet; a later pause brings the next', async () => {
  const typed = createEvent<string>()
  const settled = afterPause(typed, 20)
  const $asked = createStore<string[]>([]).on(settled, (asked, text) => [...asked, text])
  const scope = fork()
  await Promise.all(['b', 'br', 'bri'].map((text) => allSettled(typed, { scope, params: text })))
  expect(scope.getState($asked)).toEqual(['bri'])
  await allSettled(typed, { scope, params: 'bridge' })
  expect(scope.getState($asked)).toEqual(['bri', 'bridge'])
})
