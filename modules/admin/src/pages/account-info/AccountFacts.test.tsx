import { registerLocales } from '@app/module-kit'
import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, expect, test } from 'vitest'
import { fetchAccountFx, saveAccountFx } from '../../api'
import { locales } from '../../locales'
import { AccountFacts } from './AccountFacts'
import { ACCOUNT } from './account.fixture'
import { $account, accountInfoOpened } from './model'


beforeAll(() => registerLocales('admin', locales))

const opened = async () => {
  const scope = fork({ handlers: [[fetchAccountFx, async () => ACCOUNT]] })
  await allSettled(accountInfoOpened, { scope, params: 4 })
  return scope
}
const render = (scope: ReturnType<typeof fork>) =>
  renderToStaticMarkup(
    <Provider value={scope}>
      <AccountFacts />
    </Provider>,
  )

test('the account number, creation date, enabled and the user, file and storage counts are shown', async () => {
  const html = render(await opened())
  for (const [label, value] of [
    ['Account no.', '100004'],
    ['Created', '05/03/2024'],
    ['Enabled', '<span class="kit-badge kit-badge-success">Yes</span>'],
    ['Users', '12'],
    ['Files', '345'],
    ['Storage used', '123.4\u00a0MB'],
  ])
    expect(html).toContain(`<dt>${label}</dt><dd>${value}</dd>`)
})

test('saving the info keeps the counts, which the save does not answer', async () => {
  const { userCount: _u, fileCount: _f, mbUsed: _m, ...info } = ACCOUNT
  const scope = fork({ handlers: [[fetchAccountFx, async () => ACCOUNT], [saveAccountFx, async () => ({ ...info, city: 'Espoo' })]] })
  await allSettled(accountInfoOpened, { scope, params: 4 })
  await allSettled(saveAccountFx, { scope, params: { accountId: 4, change: { city: 'Espoo' } } })
  expect(scope.getState($account)).toMatchObject({ city: 'Espoo', userCount: 12, fileCount: 345 })
})

test('nothing is drawn before the account is loaded', () => {
  expect(render(fork())).toBe('')
})
