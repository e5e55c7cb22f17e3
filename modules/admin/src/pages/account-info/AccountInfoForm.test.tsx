// @vitest-environment happy-dom
import { ApiError, registerLocales } from '@app/module-kit'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { fork } from 'effector'
import { Provider } from 'effector-react'
import { afterEach, beforeAll, expect, it } from 'vitest'
import { fetchAccountFx } from '../../api'
import { locales } from '../../locales'
import { AccountInfoForm } from './AccountInfoForm'
import { ACCOUNT } from './account.fixture'


beforeAll(() => registerLocales('admin', locales))
afterEach(cleanup)

it('a failed load offers Retry instead of an empty form, and Retry fills the form with the account', async () => {
  const asked: number[] = []
  const scope = fork({
    handlers: [
      [
        fetchAccountFx,
        async (accountId: number) => {
          asked.push(accountId)
          if (asked.length === 1) throw new ApiError('Service Unavailable', 503)
          return ACCOUNT
        },
      ],
    ],
  })
  render(
    <Provider value={scope}>
      <AccountInfoForm accountId={4} />
    </Provider>,
  )
  expect((await screen.findByRole('alert')).textContent).toContain('The account info could not be loaded')
  expect(screen.queryByRole('textbox', { name: /^Company/ })).toBeNull()

  fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
  expect(((await screen.findByRole('textbox', { name: /^Company/ })) as HTMLInputElement).value).toBe('Demo Engineering')
  expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Helsinki')
  expect(screen.queryByRole('alert')).toBeNull()
  expect(asked).toEqual([4, 4])
})
