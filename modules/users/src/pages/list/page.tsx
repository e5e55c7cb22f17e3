import { $flags, Badge, Button, Checkbox, type DataColumn, DataTable, ListFilter, Page, TextLink, dashboardCrumb, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Download, UserPlus } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountUser, UserSortField } from '../../api'
import { usersCrumb } from '../../crumbs'
import { $exporting, $onlyRemovalRequests, exportClicked, listOpened, onlyRemovalRequestsToggled, users } from './model'

/** /users: the account's users. */
export const ListPage = () => {
  const { t } = useTranslation('users')
  const format = useFormat()
  const { total, opened, flags, exporting, exported, onlyRemovals, removalsToggled } = useUnit({
    total: users.$total,
    opened: listOpened,
    flags: $flags,
    exporting: $exporting,
    exported: exportClicked,
    onlyRemovals: $onlyRemovalRequests,
    removalsToggled: onlyRemovalRequestsToggled,
  })
  useEffect(() => opened(), [opened])

  // Edit links only for user managers, and never for an anonymised user.
  const editable = (user: AccountUser) => flags.canManageUsers && !user.anonymous
  const columns: DataColumn<AccountUser, UserSortField>[] = [
    { key: 'acronym', header: t('columns.acronym'), sortable: true },
    {
      key: 'lastName',
      header: t('columns.lastName'),
      sortable: true,
      rowHeader: true,
      wrap: true,
      render: (user) => (editable(user) ? <TextLink to={`/users/${user.id}/details`}>{user.lastName}</TextLink> : user.lastName),
    },
    { key: 'firstName', header: t('columns.firstName'), sortable: true, wrap: true },
    { key: 'username', header: t('columns.username'), sortable: true, wrap: true },
    { key: 'createdAt', header: t('columns.createdAt'), sortable: true, render: (user) => format.date(user.createdAt) },
    {
      key: 'enabled',
      header: t('columns.enabled'),
      sortable: true,
      render: (user) =>
        user.anonymous ? <Badge>{t('list.anonymous')}</Badge> : user.enabled ? <Badge tone="success">{t('yes')}</Badge> : <Badge>{t('no')}</Badge>,
    },
    { key: 'companyName', header: t('columns.company'), wrap: true },
    {
      key: 'removalRequested',
      header: t('columns.removalRequested'),
      render: (user) => (user.removalRequested ? <Badge tone="danger">{t('yes')}</Badge> : t('no')),
    },
  ]

  const actions = (
    <>
      {(flags.canManageAccounts || flags.canManageSettings) && (
        <Button icon={Download} disabled={exporting} aria-busy={exporting} onClick={() => exported()}>
          {t('list.export')}
        </Button>
      )}
      {flags.canManageUsers && (
        <Button to="/users/add" variant="primary" icon={UserPlus}>
          {t('list.add')}
        </Button>
      )}
    </>
  )
  return (
    <Page title={t('title')} crumbs={[dashboardCrumb(), usersCrumb()]} actions={actions}>
      <div className="kit-row">
        <ListFilter list={users} label={t('list.filter')} />
        <Checkbox label={t('list.onlyRemovalRequests')} checked={onlyRemovals} onChange={removalsToggled} />
      </div>
      <DataTable list={users} columns={columns} rowKey={(user) => user.id} caption={t('list.caption', { total })} emptyText={t('list.empty')} />
    </Page>
  )
}
