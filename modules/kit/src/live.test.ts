import { describe, expect, test } from 'vitest'
import { parseLiveEvents } from './live'

describe('live events', () => {
  test('are read from whole blocks; a block cut in two waits for its end; comments and foreign lines are skipped', () => {
    const first = parseLiveEvents(': listening\n\nevent: checklists created\ndata: {"id":1}\n\nevent: checklists/:checklistId/items patched\ndata: {"id"')
    expect(first.events).toEqual([{ name: 'checklists created', data: { id: 1 } }])
    const second = parseLiveEvents(`${first.rest}:2}\n\n: keep-alive\n\nevent: broken\ndata: {nope\n\n`)
    expect(second.events).toEqual([{ name: 'checklists/:checklistId/items patched', data: { id: 2 } }])
    expect(second.rest).toBe('')
  })
})
