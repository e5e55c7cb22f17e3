import { describe, expect, it } from 'vitest'
import enGB from './en-GB.json'
import fiFI from './fi-FI.json'
import noNO from './no-NO.json'
import plPL from './pl-PL.json'
import seSE from './se-SE.json'

const translations = { 'fi-FI': fiFI, 'no-NO': noNO, 'pl-PL': plPL, 'se-SE': seSE }

describe('comment thread texts', () => {
  it.each(Object.entries(translations))('%s has every key, translated', (_, texts) => {
    expect(Object.keys(texts.comments).sort()).toEqual(Object.keys(enGB.comments).sort())
    for (const [key, english] of Object.entries(enGB.comments)) {
      expect(texts.comments[key as keyof typeof enGB.comments]).not.toBe(english)
    }
  })
})
