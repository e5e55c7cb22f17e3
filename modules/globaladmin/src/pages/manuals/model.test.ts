import { allSettled, fork } from 'effector'
import { expect, test } from 'vitest'
import { type SupportManualRow, deleteManualFx, fetchManualsFx, uploadManualFx } from '../../api'
import { notifyFx } from '../../notify'
import { $chosenFile, $manuals, deleteConfirmed, fileChosen, manualsOpened, uploadClicked } from './model'

const GUIDE: SupportManualRow = { id: 1, name: 'Guide.pdf', link: '/api/support/1/download' }

const setup = (options: { uploadFails?: boolean } = {}) => {
  let list = [GUIDE]
  const notices: string[] = []
  const deleted: number[] = []
  const scope = fork({
    handlers: [
      [fetchManualsFx, async () => list],
      [
        uploadManualFx,
        async (file: File) => {
          if (options.uploadFails) throw new Error('The file is larger than 200 MB')
          const manual = { id: 2, name: file.name, link: '/api/support/2/download' }
          list = [...list, manual]
          return manual
        },
      ],
      [
        deleteManualFx,
        async (id: number) => {
          deleted.push(id)
          list = list.filter((m) => m.id !== id)
          return GUIDE
        },
      ],
      [notifyFx, ({ key }: { key: string }) => void notices.push(key)],
    ],
  })
  return { scope, notices, deleted }
}

test('an upload sends the chosen file, reloads the list and clears the choice', async () => {
  const { scope, notices } = setup()
  await allSettled(manualsOpened, { scope })
  await allSettled(uploadClicked, { scope })
  expect(notices).toEqual([])
  await allSettled(fileChosen, { scope, params: new File(['%PDF'], 'New.pdf', { type: 'application/pdf' }) })
  await allSettled(uploadClicked, { scope })
  expect(scope.getState($manuals).map((m) => m.name)).toEqual(['Guide.pdf', 'New.pdf'])
  expect(scope.getState($chosenFile)).toBeNull()
  expect(notices).toEqual(['manuals.uploaded'])
})

test('a failed upload shows an error toast and keeps the file chosen', async () => {
  const { scope, notices } = setup({ uploadFails: true })
  await allSettled(fileChosen, { scope, params: new File(['x'], 'Big.pdf') })
  await allSettled(uploadClicked, { scope })
  expect(notices).toEqual(['manuals.uploadFailed'])
  expect(scope.getState($chosenFile)?.name).toBe('Big.pdf')
})

test('a confirmed delete removes the manual, reloads the list and says so', async () => {
  const accepted = setup()
  await allSettled(manualsOpened, { scope: accepted.scope })
  await allSettled(deleteConfirmed, { scope: accepted.scope, params: GUIDE })
  expect(accepted.deleted).toEqual([1])
  expect(accepted.scope.getState($manuals)).toEqual([])
  expect(accepted.notices).toEqual(['manuals.deleted'])
})
