import { $flags, type DataColumn, DataTable, Link, ListFilter, dashboardCrumb, useBreadcrumbs, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect, useId } from 'react'
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
  const onlyRemovalsId = useId()
  useEffect(() => opened(), [opened])
  useBreadcrumbs([dashboardCrumb(), usersCrumb()])

  // Edit links only for user managers, and never for an anonymised user.
  const editable = (user: AccountUser) => flags.canManageUsers && !user.anonymous
  const columns: DataColumn<AccountUser, UserSortField>[] = [
    { key: 'acronym', header: t('columns.acronym'), sortable: true },
    {
      key: 'lastName',
      header: t('columns.lastName'),
      sortable: true,
      rowHeader: true,
      render: (user) => (editable(user) ? <Link to={`/users/${user.id}/details`}>{user.lastName}</Link> : user.lastName),
    },
    { key: 'firstName', header: t('columns.firstName'), sortable: true },
    { key: 'username', header: t('columns.username'), sortable: true },
    { key: 'createdAt', header: t('columns.createdAt'), sortable: true, render: (user) => format.date(user.createdAt) },
    {
      key: 'enabled',
      header: t('columns.enabled'),
      sortable: true,
      render: (user) => (user.anonymous ? t('list.anonymous') : user.enabled ? t('yes') : t('no')),
    },
    { key: 'companyName', header: t('columns.company') },
    { key: 'removalRequested', header: t('columns.removalRequested'), render: (user) => (user.removalRequested ? t('yes') : t('no')) },
  ]

  return (
    <div className="us-page">
      <h1>{t('title')}</h1>
      <div className="us-toolbar">
        <ListFilter list={users} label={t('list.filter')} />
        <div className="kit-field kit-checkbox">
          <input id={onlyRemovalsId} type="checkbox" checked={onlyRemovals} onChange={(event) => removalsToggled(event.target.checked)} />
          <label htmlFor={onlyRemovalsId}>{t('list.onlyRemovalRequests')}</label>
        </div>
        <div className="us-actions">
          {(flags.canManageAccounts || flags.canManageSettings) && (
            <button type="button" className="kit-button" disabled={exporting} aria-busy={exporting} onClick={() => exported()}>
              {t('list.export')}
            </button>
          )}
          {flags.canManageUsers && (
            <Link to="/users/add" className="kit-button kit-button-primary">
              {t('list.add')}
            </Link>
          )}
        </div>
      </div>
      <DataTable
        list={users}
        columns={columns}
        rowKey={(user) => user.id}
        caption={t('list.caption', { total })}
        emptyText={t('list.empty')}
        className="us-table"
      />
    </div>
  )
}
