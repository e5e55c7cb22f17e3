import { $session, $sessionExpired, type Session } from '@app/module-kit'
import { type Store, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, expect, test } from 'vitest'
import { registerShellLocales } from '../locales'
import { registerSignedOutLocales } from '../signed-out/locales'
import { $step } from '../signed-out/sign-in/model'
import { SignInAgainDialog } from './SignInAgainDialog'

beforeAll(() => {
  registerShellLocales()
  registerSignedOutLocales()
})

const session = { user: { id: 7, firstName: 'Anna', lastName: 'Admin', acronym: 'AAD', language: 'ENGLISH' }, accountId: 3 } as Session

/** The dialog's markup without the signed-out stylesheet React hoists before it. */
const draw = (values: [Store<unknown>, unknown][]) =>
  renderToStaticMarkup(
    <Provider value={fork({ values: [[$session, session], ...values] as never })}>
      <SignInAgainDialog />
    </Provider>,
  ).replace(/<style[\s\S]*?<\/style>/, '')

test('a live session draws no dialog', () => {
  expect(draw([])).toBe('')
})

test('an expired session asks for the e-mail and password over the page, with a way to sign out instead', () => {
  const html = draw([[$sessionExpired, true]])
  expect(html).toMatch(/<h2 [^>]*class="kit-dialog-title">Your session has ended<\/h2>/)
  // Nothing closes it but signing in or out: the page behind it has no session.
  expect(html).not.toContain('Close the dialog')
  expect(html).toContain('Sign in again to carry on where you left off.')
  expect(html).toMatch(/<label[^>]*>E-mail/)
  expect(html).toMatch(/<label[^>]*>Password/)
  expect(html).toContain('>Sign in</button>')
  expect(html).toContain('>Sign out</button>')
  // Not the sign-in page's links: the person is here to carry on.
  expect(html).not.toContain('href="/register"')
})

test('a two-factor user is asked for the code in the same dialog', () => {
  const html = draw([[$sessionExpired, true], [$step, 'twoFactor']])
  expect(html).toContain('Code from the app')
  expect(html).not.toMatch(/<label[^>]*>Password/)
})
