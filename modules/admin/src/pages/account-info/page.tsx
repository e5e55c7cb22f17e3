import { $flags, $session, Page, type RouteProps } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { settingsCrumbs } from '../settings/page'
import { AccountInfoForm } from './AccountInfoForm'
import { $account } from './model'

/** /admin/{accountId}/info: a global admin edits any account's info; an account's own admins theirs. */
export const AccountInfoPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('admin')
  const { flags, session, account } = useUnit({ flags: $flags, session: $session, account: $account })
  const accountId = Number(params.accountId)
  const own = accountId === session?.accountId
  const allowed = Number.isInteger(accountId) && (flags.canManageAccounts || (own && flags.canManageSettings))
  return (
    <Page
      title={account?.company ?? t('accountInfo.title')}
      crumbs={[...settingsCrumbs(), { label: 'admin:accountInfo.title' }]}
      forbidden={!allowed}
    >
      {allowed && <AccountInfoForm accountId={accountId} />}
    </Page>
  )
}
