import { $session, type Session, sessionEnded } from '@app/module-kit'
import type { FileView } from '@app/plugin-core/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { fetchDocumentsFx, fetchFileViewFx, fetchProjectFx, saveFileViewFx } from '../../api'
import { notifyFx } from '../../notify'
import { $view, listOpened, viewChosen } from './model'

const session = (id: number): Session =>
  ({ user: { id, firstName: 'Erin', lastName: 'Editor', acronym: 'EE', language: 'ENGLISH' }, accountId: 1, accountName: 'Acme', hasTwoFactor: false, flags: {} }) as unknown as Session

/**
 * The list in a scope of its own, signed in as person 7 whose saved view is `saved`: the
 * views read and saved, and the toasts shown, kept. `save` answers a save (it may fail).
 */
const page = ({ saved = 'CUSTOMER' as FileView, save = async (view: FileView) => view, read = async (saved: FileView) => saved } = {}) => {
  const reads: number[] = []
  const saves: { userId: number; view: FileView }[] = []
  const toasts: unknown[] = []
  const scope = fork({
    values: [[$session, session(7)]],
    handlers: [
      [fetchDocumentsFx, async () => ({ total: 0, limit: 25, skip: 0, data: [] })],
      [fetchProjectFx, async () => ({ id: 4, name: 'Harbour crane', symbol: 'HC-1', accessLevel: { edit: true } })],
      [
        fetchFileViewFx,
        async (userId: number) => {
          reads.push(userId)
          return read(saved)
        },
      ],
      [
        saveFileViewFx,
        async (params: { userId: number; view: FileView }) => {
          saves.push(params)
          return save(params.view)
        },
      ],
      [notifyFx, (notice: unknown) => void toasts.push(notice)],
    ],
  })
  return { scope, reads, saves, toasts }
}

const open = (scope: ReturnType<typeof fork>, tab: 'all' | 'my' = 'all') => allSettled(listOpened, { scope, params: { tab, projectId: null } })

describe("the documents list's view", () => {
  test("is Detailed until the caller's saved view is read, once a session, when the list first opens", async () => {
    const { scope, reads } = page()
    expect(scope.getState($view)).toBe('DEFAULT')
    await open(scope)
    expect(scope.getState($view)).toBe('CUSTOMER')
    await open(scope, 'my')
    await open(scope)
    expect(reads).toEqual([7])
  })

  test('a view chosen is shown at once and saved as the caller’s; the one shown again saves nothing', async () => {
    const { scope, saves, toasts } = page({ saved: 'DEFAULT' })
    await open(scope)
    await allSettled(viewChosen, { scope, params: 'FILE' })
    expect(scope.getState($view)).toBe('FILE')
    await allSettled(viewChosen, { scope, params: 'FILE' })
    await allSettled(viewChosen, { scope, params: 'CUSTOMER' })
    expect(saves).toEqual([
      { userId: 7, view: 'FILE' },
      { userId: 7, view: 'CUSTOMER' },
    ])
    expect(scope.getState($view)).toBe('CUSTOMER')
    expect(toasts).toEqual([])
  })

  test('a save that fails keeps the view shown for now and says it was not saved', async () => {
    const { scope, toasts } = page({
      saved: 'DEFAULT',
      save: async () => {
        throw new Error('offline')
      },
    })
    await open(scope)
    await allSettled(viewChosen, { scope, params: 'CUSTOMER' })
    expect(scope.getState($view)).toBe('CUSTOMER')
    expect(toasts).toEqual([{ kind: 'error', key: 'toast.viewSaveFailed' }])
  })

  test('a view chosen while the saved one is read wins over the answer', async () => {
    let answer: (view: FileView) => void = () => undefined
    const { scope, saves } = page({ read: () => new Promise<FileView>((resolve) => (answer = resolve)) })
    const opening = open(scope)
    await new Promise((resolve) => setTimeout(resolve, 0))
    // Settles only once the read has answered too.
    const choosing = allSettled(viewChosen, { scope, params: 'FILE' })
    answer('CUSTOMER')
    await Promise.all([opening, choosing])
    expect(scope.getState($view)).toBe('FILE')
    expect(saves).toEqual([{ userId: 7, view: 'FILE' }])
  })

  test('a saved view that is no longer one of the views leaves Detailed', async () => {
    const { scope } = page({ saved: 'SIDEWAYS' as FileView })
    await open(scope)
    expect(scope.getState($view)).toBe('DEFAULT')
  })

  test('after sign-out the next person’s own view is read', async () => {
    const { scope, reads } = page()
    await open(scope)
    await allSettled(sessionEnded, { scope })
    expect(scope.getState($view)).toBe('DEFAULT')
    await allSettled($session, { scope, params: session(9) })
    await open(scope)
    expect(reads).toEqual([7, 9])
    expect(scope.getState($view)).toBe('CUSTOMER')
  })
})
