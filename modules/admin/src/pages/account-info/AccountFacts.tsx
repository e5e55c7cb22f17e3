import { Badge, Card, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { $account } from './model'

/** What the account is and holds, read-only beside its editable info: number, created, enabled and its counts. */
export const AccountFacts = () => {
  const { t } = useTranslation('admin')
  const account = useUnit($account)
  const format = useFormat()
  if (!account) return null
  const facts: [key: string, value: ReactNode][] = [
    ['accountNo', account.accountNo],
    ['createdAt', format.date(account.createdAt)],
    ['enabled', <Badge key="enabled" tone={account.enabled ? 'success' : 'warning'}>{t(account.enabled ? 'common.yes' : 'common.no')}</Badge>],
    ['userCount', format.number(account.userCount)],
    ['fileCount', format.number(account.fileCount)],
    ['mbUsed', format.storage(account.mbUsed)],
  ]
  return (
    <Card title={t('accountInfo.factsTitle')}>
      <dl className="admin-facts">
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`accountInfo.facts.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
