import { describe, expect, it } from 'vitest'
import enGB from './en-GB.json'
import fiFI from './fi-FI.json'
import noNO from './no-NO.json'
import plPL from './pl-PL.json'
import seSE from './se-SE.json'

const entriesOf = (tree: object, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[prefix + key, value]] : entriesOf(value as object, `${prefix + key}.`),
  )
const flatten = (tree: object) => Object.fromEntries(entriesOf(tree))

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

const english = flatten(enGB)

describe.each([
  ['fi-FI', fiFI],
  ['no-NO', noNO],
  ['pl-PL', plPL],
  ['se-SE', seSE],
])('kit texts in %s', (_, resources) => {
  const translated = flatten(resources)

  it('has exactly the English keys', () => {
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort())
  })

  it('keeps every {{min}} and {{max}} of the English', () => {
    for (const [key, text] of Object.entries(english)) expect(placeholders(translated[key] ?? ''), key).toEqual(placeholders(text))
  })
})
