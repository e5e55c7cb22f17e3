import type { FileManagerItem, FileManagerKind, FileManagerPage } from '@app/plugin-documents/shared'
import { allSettled, fork } from 'effector'
import { describe, expect, test } from 'vitest'
import { $sections, type FileManagerSearch, fetchSectionFx, moreClicked, panelOpened, viewChosen } from './model'

type Asked = { search: FileManagerSearch; kind: FileManagerKind; skip: number }

const file = (id: number): FileManagerItem => ({ kind: 'file', id, name: `sheet-${id}.pdf`, documentId: 1, documentSymbol: 'GA-1', documentName: 'General arrangement', mime: 'application/pdf', size: 10 }) as FileManagerItem
const link = (id: number): FileManagerItem => ({ kind: 'url', id, name: `Link ${id}`, url: 'https://example.com', documentId: 1, documentSymbol: 'GA-1', documentName: 'General arrangement' }) as FileManagerItem

/** A scope whose API holds `files` files and two links, answering two a page, and the calls it got. */
const panelWith = (files: number) => {
  const asked: Asked[] = []
  const scope = fork({
    handlers: [
      [
        fetchSectionFx,
        async (call: Asked): Promise<FileManagerPage> => {
          asked.push(call)
          const all = call.kind === 'file' ? Array.from({ length: files }, (_, n) => file(n + 1)) : [link(1), link(2)]
          return { total: all.length, limit: 2, skip: call.skip, level: 'EDIT', data: all.slice(call.skip, call.skip + 2) }
        },
      ],
    ],
  })
  return { scope, asked }
}

describe("the file manager's sections", () => {
  test('a project opens both sections from their start; Show more reads the next page on', async () => {
    const { scope, asked } = panelWith(3)
    await allSettled(panelOpened, { scope, params: 7 })
    expect(asked.map(({ kind, skip }) => [kind, skip])).toEqual([
      ['file', 0],
      ['url', 0],
    ])
    await allSettled(moreClicked, { scope, params: 'file' })
    const { file: files, url: links } = scope.getState($sections)
    expect(files.items.map((item) => item.id)).toEqual([1, 2, 3])
    expect([files.total, files.loading, links.total]).toEqual([3, false, 2])
    // All shown: Show more asks nothing.
    await allSettled(moreClicked, { scope, params: 'file' })
    expect(asked).toHaveLength(3)
  })

  test('the Map view asks for files alone (links have no place on a map) and shows no links', async () => {
    const { scope, asked } = panelWith(1)
    await allSettled(panelOpened, { scope, params: 7 })
    asked.length = 0
    await allSettled(viewChosen, { scope, params: 'map' })
    expect(asked.map(({ kind, search }) => [kind, search.map])).toEqual([['file', true]])
    expect(scope.getState($sections).url).toEqual({ items: [], total: 0, loading: false, failed: false })
  })
})
