import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConfirmHost } from './ConfirmHost'
import { confirm, confirmAnswered } from './confirm'
import { ErrorPage, Spinner } from './states'

describe('ErrorPage, Spinner', () => {
  it('shows the message of the error page as an alert', () => {
    const html = renderToStaticMarkup(<ErrorPage message="User not found" />)
    expect(html).toContain('role="alert"')
    expect(html).toContain('>Something went wrong</h1>')
    expect(html).toContain('<p>User not found</p>')
  })

  it('announces loading', () => {
    expect(renderToStaticMarkup(<Spinner />)).toContain('role="status"')
    expect(renderToStaticMarkup(<Spinner />)).toContain('Loading…')
  })
})

describe('<ConfirmHost />', () => {
  it('draws a modal dialog with No before Yes', async () => {
    expect(renderToStaticMarkup(<ConfirmHost />)).toBe('')
    const answer = confirm({ title: 'Remove the user?', text: 'This cannot be undone.' })
    const html = renderToStaticMarkup(<ConfirmHost />)
    // A native <dialog>, made modal by showModal() once it is in the page (see Dialog.test.tsx).
    expect(html).toMatch(/^<dialog class="kit-dialog"/)
    expect(html).toMatch(/aria-labelledby="([^"]+)".*<h2 id="\1"/)
    expect(html).toMatch(/aria-describedby="([^"]+)".*<p id="\1"/)
    expect(html.indexOf('>No</button>')).toBeLessThan(html.indexOf('>Yes</button>'))
    confirmAnswered(false)
    await expect(answer).resolves.toBe(false)
  })
})
