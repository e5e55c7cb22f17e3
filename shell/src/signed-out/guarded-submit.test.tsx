import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { GuardedSubmit } from './guarded-submit'
import './test-helpers'

describe('<GuardedSubmit />', () => {
  it('while disabled, says what it waits for, tied to the button', () => {
    const html = renderToStaticMarkup(
      <GuardedSubmit ready={false} submitting={false}>
        Save and continue
      </GuardedSubmit>,
    )
    const id = /<p id="([^"]+)" class="so-hint">Enter the same new password of at least 8 characters in both fields to continue\.<\/p>/.exec(html)?.[1]
    expect(id).toBeTruthy()
    expect(html).toContain(`disabled="" aria-busy="false" aria-describedby="${id}"`)
  })

  it('once the entries are acceptable, it is enabled and says nothing more', () => {
    const html = renderToStaticMarkup(
      <GuardedSubmit ready submitting={false}>
        Save and continue
      </GuardedSubmit>,
    )
    expect(html).not.toContain('so-hint')
    expect(html).not.toContain('disabled')
  })
})
