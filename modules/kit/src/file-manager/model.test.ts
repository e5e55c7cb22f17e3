import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { $session, type Session } from '../session'
import { $fileManager, FILE_MANAGER_CLOSED, fileManagerDocked, fileManagerOpened, readFileManager, readFileManagerFx, saveFileManagerFx } from './model'

const person = (accountId: number, userId: number) => ({ accountId, user: { id: userId } }) as Session

describe('the file manager state', () => {
  test('each person, in each account, finds the panel as they left it; signed out it is closed', async () => {
    const stored = new Map<string, string>()
    const scope = fork({
      handlers: [
        [readFileManagerFx, (key: string) => readFileManager(stored.get(key))],
        [saveFileManagerFx, ({ key, state }: { key: string; state: unknown }) => void stored.set(key, JSON.stringify(state))],
      ],
    })
    await allSettled($session, { scope, params: person(1, 7) })
    expect(scope.getState($fileManager)).toEqual(FILE_MANAGER_CLOSED)
    await allSettled(fileManagerOpened, { scope, params: true })
    await allSettled(fileManagerDocked, { scope, params: true })
    expect(JSON.parse(stored.get('kit.fileManager.1.7')!)).toEqual({ open: true, docked: true })

    // Another person, then the same person in another account: each as they left it (never opened).
    await allSettled($session, { scope, params: person(1, 8) })
    expect(scope.getState($fileManager)).toEqual(FILE_MANAGER_CLOSED)
    await allSettled($session, { scope, params: person(2, 7) })
    expect(scope.getState($fileManager)).toEqual(FILE_MANAGER_CLOSED)
    await allSettled($session, { scope, params: null })
    expect(scope.getState($fileManager)).toEqual(FILE_MANAGER_CLOSED)
    await allSettled($session, { scope, params: person(1, 7) })
    expect(scope.getState($fileManager)).toEqual({ open: true, docked: true })
  })

  test('what was stored is read value by value: anything unreadable is closed and floating', () => {
    expect(readFileManager('{"open":true}')).toEqual({ open: true, docked: false })
    for (const stored of [null, undefined, '', '{not json', 'null', '[]', '{"open":"yes","docked":1}']) expect(readFileManager(stored)).toEqual(FILE_MANAGER_CLOSED)
  })
})
