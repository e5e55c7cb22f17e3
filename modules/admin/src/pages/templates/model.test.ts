import { ApiError } from '@app/module-kit'
import type { Template } from '@app/plugin-setup/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test, vi } from 'vitest'
import { fetchTemplatesFx, removeTemplateFx, setAppendableFx, uploadTemplateFx } from '../../api'
import { notifyFx } from '../../notify'
import { $uploadError, appendableChanged, appendableToggled, fileChosen, removeConfirmed, templates, templatesOpened, uploadClicked } from './model'

const TEMPLATE: Template = { id: 3, accountId: 4, name: 'Offer.xlsx', mimeType: 'x', size: 10, appendable: false, createdAt: '2026-11-23T00:00:00Z', createdBy: 1 }

const setup = (options: { upload?: () => Promise<unknown>} = {}) => {
  const calls = {
    fetch: vi.fn(async () => ({ total: 1, limit: 50, skip: 0, data: [TEMPLATE] })),
    upload: vi.fn(options.upload ?? (async () => TEMPLATE)),
    appendable: vi.fn(async () => TEMPLATE),
    remove: vi.fn(async () => TEMPLATE),
    notify: vi.fn(),
  }
  const scope = fork({
    handlers: [
      [fetchTemplatesFx, calls.fetch],
      [uploadTemplateFx, calls.upload],
      [setAppendableFx, calls.appendable],
      [removeTemplateFx, calls.remove],
      [notifyFx, calls.notify],
    ],
  })
  return { scope, ...calls }
}

describe('templates', () => {
  test("the list asks for the opened account's page in Feathers' syntax; another account starts over", async () => {
    const { scope, fetch } = setup()
    await allSettled(templatesOpened, { scope, params: 4 })
    expect(fetch).toHaveBeenLastCalledWith({ accountId: 4, query: { $limit: 50, $skip: 0, '$sort[name]': 1 } })
    await allSettled(templates.sortClicked, { scope, params: 'name' })
    await allSettled(templates.pageChosen, { scope, params: 2 })
    expect(fetch).toHaveBeenLastCalledWith({ accountId: 4, query: { $limit: 50, $skip: 50, '$sort[name]': -1 } })
    await allSettled(templatesOpened, { scope, params: 9 })
    expect(fetch).toHaveBeenLastCalledWith({ accountId: 9, query: { $limit: 50, $skip: 0, '$sort[name]': 1 } })
  })

  test('a chosen template uploads with the appendable flag and the list reloads', async () => {
    const { scope, upload, fetch } = setup()
    await allSettled(templatesOpened, { scope, params: 4 })
    const file = new File(['PK'], 'Offer.xlsx')
    await allSettled(fileChosen, { scope, params: file })
    await allSettled(appendableChanged, { scope, params: true })
    await allSettled(uploadClicked, { scope })
    expect(upload).toHaveBeenCalledWith({ accountId: 4, file, appendable: true })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  test('a file of another kind is refused before upload, with the spec message', async () => {
    const { scope, upload } = setup()
    await allSettled(templatesOpened, { scope, params: 4 })
    await allSettled(fileChosen, { scope, params: new File(['x'], 'notes.txt') })
    await allSettled(uploadClicked, { scope })
    expect(upload).not.toHaveBeenCalled()
    expect(scope.getState($uploadError)).toBe('templates.invalidFormat')
  })

  test("the server's 400 shows the same message", async () => {
    const { scope } = setup({ upload: () => Promise.reject(new ApiError('The template file you were trying to upload has invalid format.', 400)) })
    await allSettled(templatesOpened, { scope, params: 4 })
    await allSettled(fileChosen, { scope, params: new File(['x'], 'Offer.docx') })
    await allSettled(uploadClicked, { scope })
    expect(scope.getState($uploadError)).toBe('templates.invalidFormat')
  })

  test('the appendable switch flips the flag', async () => {
    const { scope, appendable } = setup()
    await allSettled(templatesOpened, { scope, params: 4 })
    await allSettled(appendableToggled, { scope, params: TEMPLATE })
    expect(appendable).toHaveBeenCalledWith({ accountId: 4, id: 3, appendable: true })
  })

  test('a confirmed removal removes the template and says so', async () => {
    const { scope, remove, notify } = setup()
    await allSettled(templatesOpened, { scope, params: 4 })
    await allSettled(removeConfirmed, { scope, params: TEMPLATE })
    expect(remove).toHaveBeenCalledWith({ accountId: 4, id: 3 })
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'templates.removed' })
  })
})
