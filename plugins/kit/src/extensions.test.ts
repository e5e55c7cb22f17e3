import { describe, expect, it } from 'vitest'
import { Extensions, defineExtension } from './extensions'

describe('extension points', () => {
  const greeting = defineExtension<{ greet(name: string): string }>('greeting')
  const other = defineExtension<{ greet(name: string): string }>('greeting')

  it('answers no contribution for a point nobody contributed to (a module not installed)', () => {
    expect(new Extensions().all(greeting)).toEqual([])
  })

  it('answers every contribution of a point, in the order the plugins gave them', () => {
    const extensions = new Extensions()
    extensions.contribute(greeting, { greet: (name) => `hello ${name}` })
    extensions.contribute(greeting, { greet: (name) => `hei ${name}` })
    expect(extensions.all(greeting).map((c) => c.greet('Ada'))).toEqual(['hello Ada', 'hei Ada'])
  })

  it('keeps points apart by identity, not by name, and apps apart', () => {
    const one = new Extensions()
    const two = new Extensions()
    one.contribute(greeting, { greet: () => 'one' })
    expect(one.all(other)).toEqual([])
    expect(two.all(greeting)).toEqual([])
  })
})
