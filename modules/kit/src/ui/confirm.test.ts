import { describe, expect, it } from 'vitest'
import { $openConfirm, confirm, confirmAnswered } from './confirm'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('confirm', () => {
  it('resolves true for Yes and false for No', async () => {
    const yes = confirm({ title: 'Remove the user?' })
    expect($openConfirm.getState()).toMatchObject({ title: 'Remove the user?' })
    confirmAnswered(true)
    await expect(yes).resolves.toBe(true)
    expect($openConfirm.getState()).toBeNull()

    const no = confirm({ title: 'Delete the folder?', text: 'Its files go too.' })
    confirmAnswered(false)
    await expect(no).resolves.toBe(false)
  })

  it('asks queued questions one after another', async () => {
    const first = confirm({ title: 'First?' })
    const second = confirm({ title: 'Second?' })
    expect($openConfirm.getState()?.title).toBe('First?')
    confirmAnswered(false)
    await settle()
    expect($openConfirm.getState()?.title).toBe('Second?')
    confirmAnswered(true)
    expect(await Promise.all([first, second])).toEqual([false, true])
  })

  it('ignores an answer when nothing is asked', () => {
    confirmAnswered(true)
    expect($openConfirm.getState()).toBeNull()
  })
})
