/** What a service shows of its rows: omitted keys gone, derived ones added, in the row's order. */
import { describe, expect, test } from 'vitest'
import { rowPresenter } from './object-literal'

describe('rowPresenter', () => {
  const present = rowPresenter(['secret', 'fileKey'], { fileId: { from: 'fileKey', value: (key) => (key ? String(key).split('/').pop() : null) } })

  test('leaves out the omitted keys and adds the derived field after the others', () => {
    const shown = present({ id: 1, secret: 's', name: 'a', fileKey: 'files/7/abc' })
    expect(shown).toEqual({ id: 1, name: 'a', fileId: 'abc' })
    expect(Object.keys(shown)).toEqual(['id', 'name', 'fileId'])
  })

  test('derives nothing from a row without its source, and copies odd keys as plain data', () => {
    const odd = JSON.parse('{"__proto__": "p", "a\\"b": 1, "secret": 2}')
    const shown = present(odd)
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype)
    expect(shown).toEqual(JSON.parse('{"__proto__": "p", "a\\"b": 1}'))
  })

  test('copies the rows of one query alike', () => {
    const rows = [
      { id: 1, fileKey: null, secret: 1 },
      { id: 2, fileKey: 'x/y', secret: 2 },
    ]
    expect(present.all(rows)).toEqual([
      { id: 1, fileId: null },
      { id: 2, fileId: 'y' },
    ])
  })
})
