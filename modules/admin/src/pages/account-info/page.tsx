import { $flags, $session, ErrorPage, type RouteProps, useBreadcrumbs } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { AccountInfoForm } from './AccountInfoForm'
import { $account } from './model'

/** /admin/{accountId}/info: a global admin edits any account's info; an account's own admins theirs. */
export const AccountInfoPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('admin')
  const { flags, session, account } = useUnit({ flags: $flags, session: $session, account: $account })
  const accountId = Number(params.accountId)
  useBreadcrumbs([{ label: 'admin:settings.title', href: '/admin' }, { label: 'admin:accountInfo.title' }])
  const own = accountId === session?.accountId
  if (!Number.isInteger(accountId) || !(flags.canManageAccounts || (own && flags.canManageSettings)))
    return <ErrorPage message="kit:status.403" />
  return (
    <div className="admin-page">
      <h1>{account?.company ?? t('accountInfo.title')}</h1>
      <AccountInfoForm accountId={accountId} />
    </div>
  )
}
