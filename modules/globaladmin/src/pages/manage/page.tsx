import { $location, Badge, Button, type DataColumn, DataTable, ListFilter, Page, TextLink, useCountryName, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Blocks, Plus, Power, PowerOff } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountListRow, AccountSortField } from '../../api'
import { GlobalAdminTabs, globalAdminCrumbs } from '../../tabs'
import { AddAccountDialog } from './add'
import { ADD_PATH } from './add.model'
import { $toggling, accounts, manageOpened, toggleClicked } from './model'
import { ModulesDialog } from './modules'
import { modulesOpened } from './modules.model'

const Actions = ({ account }: { account: AccountListRow }) => {
  const { t } = useTranslation('globaladmin')
  const { toggling, toggle, openModules } = useUnit({ toggling: $toggling, toggle: toggleClicked, openModules: modulesOpened })
  return (
    <span className="kit-row">
      <Button
        size="sm"
        variant="ghost"
        icon={account.enabled ? PowerOff : Power}
        disabled={toggling.includes(account.id)}
        aria-label={t(account.enabled ? 'manage.disableNamed' : 'manage.enableNamed', { company: account.company })}
        onClick={() => toggle(account)}
      >
        {t(account.enabled ? 'manage.disable.button' : 'manage.enable')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={Blocks}
        aria-label={t('modules.openNamed', { company: account.company })}
        onClick={() => openModules({ accountId: account.id, company: account.company })}
      >
        {t('modules.open')}
      </Button>
    </span>
  )
}

/** /global-admin/manage and, with the modal open, /global-admin/manage/add. */
export const ManagePage = () => {
  const { t } = useTranslation('globaladmin')
  const { total, opened, location } = useUnit({ total: accounts.$total, opened: manageOpened, location: $location })
  useEffect(() => opened(), [opened])
  const countryName = useCountryName()
  const format = useFormat()

  const columns: DataColumn<AccountListRow, AccountSortField>[] = [
    { key: 'accountNo', header: t('columns.accountNo'), sortable: true },
    {
      key: 'company',
      header: t('columns.company'),
      sortable: true,
      rowHeader: true,
      render: (account) => <TextLink to={`/admin/${account.id}/info`}>{account.company}</TextLink>,
    },
    { key: 'country', header: t('columns.country'), render: (account) => (account.country ? countryName(account.country) : '') },
    { key: 'createdAt', header: t('columns.createdAt'), sortable: true, render: (account) => format.date(account.createdAt) },
    { key: 'enabled', header: t('columns.enabled'), sortable: true, render: (account) => <Badge tone={account.enabled ? 'success' : 'warning'}>{account.enabled ? t('yes') : t('no')}</Badge> },
    { key: 'userCount', header: t('columns.userCount'), sortable: true, className: 'ga-number', render: (account) => format.number(account.userCount) },
    { key: 'fileCount', header: t('columns.fileCount'), sortable: true, className: 'ga-number', render: (account) => format.number(account.fileCount) },
    {
      key: 'mbUsed',
      header: t('columns.mbUsed'),
      sortable: true,
      className: 'ga-number',
      render: (account) => format.storage(account.mbUsed),
    },
    { key: 'actions', header: t('columns.actions'), actions: true, render: (account) => <Actions account={account} /> },
  ]

  return (
    <Page
      title={t('title')}
      crumbs={globalAdminCrumbs()}
      actions={
        <Button to={ADD_PATH} variant="primary" icon={Plus}>
          {t('add.open')}
        </Button>
      }
    >
      <GlobalAdminTabs current="manage">
        <ListFilter list={accounts} label={t('manage.filter')} />
        <DataTable
          list={accounts}
          columns={columns}
          rowKey={(account) => account.id}
          caption={t('manage.caption', { total })}
          emptyText={t('manage.empty')}
        />
      </GlobalAdminTabs>
      {location.pathname === ADD_PATH && <AddAccountDialog />}
      <ModulesDialog />
    </Page>
  )
}
