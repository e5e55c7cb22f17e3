/** The project event log's subjects and types, as the kit makes them from a finished call. */
import { describe, expect, test } from 'vitest'
import { eventTypeOf, subjectOf } from './change-log'

describe('subjectOf', () => {
  test('names a row by number and name, else name, title, number, person, username, key or id', () => {
    expect(subjectOf({ id: 1, symbol: 'P-7', name: 'Harbour crane' })).toBe('P-7 - Harbour crane')
    expect(subjectOf({ id: 1, name: 'Crane base', title: 'ignored' })).toBe('Crane base')
    expect(subjectOf({ id: 1, title: 'Inspection checklist' })).toBe('Inspection checklist')
    expect(subjectOf({ id: 1, symbol: 'D-12' })).toBe('D-12')
    expect(subjectOf({ id: 1, number: 'HL-2' })).toBe('HL-2')
    expect(subjectOf({ userId: 4, firstName: 'Vera', lastName: 'Viewer', username: 'vera@x.test' })).toBe('Vera Viewer')
    expect(subjectOf({ username: 'vera@x.test' })).toBe('vera@x.test')
    expect(subjectOf({ projectId: 3, key: 'delivery', progress: 'FULL' })).toBe('delivery')
    expect(subjectOf({ id: 42 })).toBe('#42')
    expect(subjectOf({ name: '   ', id: 5 })).toBe('#5')
  })

  test('a list names its first row and how many more; nothing is an empty subject', () => {
    expect(subjectOf([{ name: 'One' }, { name: 'Two' }, { name: 'Three' }])).toBe('One (+2)')
    expect(subjectOf([{ name: 'One' }])).toBe('One')
    expect(subjectOf([])).toBe('')
    expect(subjectOf(undefined)).toBe('')
    expect(subjectOf('text')).toBe('')
  })

  test('stays within the log’s 300 characters', () => {
    expect(subjectOf({ name: 'x'.repeat(400) })).toHaveLength(300)
  })
})

test('eventTypeOf is the path and the method, within 200 characters', () => {
  expect(eventTypeOf('projects/:projectId/users', 'create')).toBe('projects/:projectId/users create')
  expect(eventTypeOf(`a/${'b'.repeat(300)}`, 'patch')).toHaveLength(200)
})
