import { $contexts, $session, type Session, contextSwitched } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { expect, test, vi } from 'vitest'
import { $canSwitch, $picked, $switchError, $switchOpen, contextPicked, switchAccountOpened, switchContextFx, switchSubmitted } from './switch-account'

const session = { accountId: 2 } as Session
const contexts = [
  { contextId: 2, name: 'Acme' },
  { contextId: 5, name: 'Beta' },
]

test('the entry shows only with two or more contexts', () => {
  expect(fork({ values: [[$contexts, contexts.slice(0, 1)]] }).getState($canSwitch)).toBe(false)
  expect(fork({ values: [[$contexts, contexts]] }).getState($canSwitch)).toBe(true)
})

test('picking another account and submitting asks for its token and hands it on', async () => {
  const switched = vi.fn()
  contextSwitched.watch(switched)
  const post = vi.fn(async (id: number) => ({ accessToken: `token-${id}` }))
  const scope = fork({ values: [[$session, session], [$contexts, contexts]], handlers: [[switchContextFx, post]] })
  await allSettled(switchAccountOpened, { scope })
  expect(scope.getState($switchOpen)).toBe(true)
  expect(scope.getState($picked)).toBe(2)
  await allSettled(contextPicked, { scope, params: 5 })
  await allSettled(switchSubmitted, { scope })
  expect(post).toHaveBeenCalledWith(5)
  expect(switched).toHaveBeenCalledWith({ accessToken: 'token-5' })
})

test('a refused switch shows the server message', async () => {
  const scope = fork({
    values: [[$session, session]],
    handlers: [
      [
        switchContextFx,
        async () => {
          throw new Error('You do not belong to this account')
        },
      ],
    ],
  })
  await allSettled(contextPicked, { scope, params: 9 })
  await allSettled(switchSubmitted, { scope })
  expect(scope.getState($switchError)).toBe('You do not belong to this account')
})
