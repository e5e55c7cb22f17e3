import { $location, EmptyState, Link, Spinner, formatDate, formatStorage, useBreadcrumbs } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountListRow, AccountSortField } from '../../api'
import { Tabs } from '../../tabs'
import { AddAccountDialog } from './add'
import { ADD_PATH } from './add.model'
import {
  $failed,
  $filterText,
  $loading,
  $page,
  $pageCount,
  $pageNumber,
  $query,
  $toggling,
  filterTyped,
  manageOpened,
  pageChosen,
  sortClicked,
  toggleClicked,
} from './model'
import { ModulesDialog } from './modules'
import { modulesOpened } from './modules.model'

const COLUMNS: { field: AccountSortField; number?: boolean }[] = [
  { field: 'accountNo' },
  { field: 'company' },
  { field: 'createdAt' },
  { field: 'enabled' },
  { field: 'userCount', number: true },
  { field: 'fileCount', number: true },
  { field: 'mbUsed', number: true },
]

const SortHeader = ({ field, number }: { field: AccountSortField; number?: boolean }) => {
  const { t } = useTranslation('globaladmin')
  const { query, clicked } = useUnit({ query: $query, clicked: sortClicked })
  const direction = query.sort?.field === field ? query.sort.direction : null
  const ariaSort = direction === 1 ? 'ascending' : direction === -1 ? 'descending' : 'none'
  return (
    <th scope="col" aria-sort={ariaSort} className={number ? 'ga-number' : undefined}>
      <button type="button" className="ga-sort" onClick={() => clicked(field)}>
        {t(`columns.${field}`)}
        <span aria-hidden="true">{direction === 1 ? ' ▲' : direction === -1 ? ' ▼' : ''}</span>
      </button>
    </th>
  )
}

const AccountRow = ({ account }: { account: AccountListRow }) => {
  const { t } = useTranslation('globaladmin')
  const { toggling, toggle, openModules } = useUnit({ toggling: $toggling, toggle: toggleClicked, openModules: modulesOpened })
  return (
    <tr>
      <td>{account.accountNo}</td>
      <th scope="row">
        <Link to={`/admin/${account.id}/info`}>{account.company}</Link>
      </th>
      <td>{formatDate(account.createdAt)}</td>
      <td>{account.enabled ? t('yes') : t('no')}</td>
      <td className="ga-number">{account.userCount}</td>
      <td className="ga-number">{account.fileCount}</td>
      <td className="ga-number">{formatStorage(account.mbUsed)}</td>
      <td>
        <div className="ga-actions">
          <button
            type="button"
            className="kit-button"
            disabled={toggling.includes(account.id)}
            aria-label={t(account.enabled ? 'manage.disableNamed' : 'manage.enableNamed', { company: account.company })}
            onClick={() => toggle(account)}
          >
            {t(account.enabled ? 'manage.disable.button' : 'manage.enable')}
          </button>
          <button
            type="button"
            className="kit-button"
            aria-label={t('modules.openNamed', { company: account.company })}
            onClick={() => openModules({ accountId: account.id, company: account.company })}
          >
            {t('modules.open')}
          </button>
        </div>
      </td>
    </tr>
  )
}

const Pager = () => {
  const { t } = useTranslation('globaladmin')
  const { page, count, number, chosen } = useUnit({ page: $page, count: $pageCount, number: $pageNumber, chosen: pageChosen })
  return (
    <nav className="ga-pager" aria-label={t('pager.label')}>
      <button type="button" className="kit-button" disabled={number <= 1} onClick={() => chosen(number - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.status', { page: number, pages: count, total: page.total })}</span>
      <button type="button" className="kit-button" disabled={number >= count} onClick={() => chosen(number + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  )
}

/** /global-admin/manage and, with the modal open, /global-admin/manage/add. */
export const ManagePage = () => {
  const { t } = useTranslation('globaladmin')
  const filterId = useId()
  const { page, loading, failed, filterText, typed, opened, location } = useUnit({
    page: $page,
    loading: $loading,
    failed: $failed,
    filterText: $filterText,
    typed: filterTyped,
    opened: manageOpened,
    location: $location,
  })
  useEffect(() => opened(), [opened])
  useBreadcrumbs([{ label: 'globaladmin:title', href: '/global-admin/manage' }, { label: 'globaladmin:tabs.manage' }])

  return (
    <div className="ga-page">
      <h1>{t('title')}</h1>
      <Tabs current="manage" />
      <div className="ga-toolbar">
        <div className="ga-filter">
          <label htmlFor={filterId}>{t('manage.filter')}</label>
          <input id={filterId} type="search" className="kit-input" value={filterText} onChange={(event) => typed(event.target.value)} />
        </div>
        <Link to={ADD_PATH} className="kit-button kit-button-primary">
          {t('add.open')}
        </Link>
      </div>
      {failed && <p role="alert">{t('manage.failed')}</p>}
      {loading && !page.data.length ? (
        <Spinner />
      ) : page.data.length ? (
        <div className="ga-table-wrap" aria-busy={loading}>
          <table className="ga-table">
            <caption className="kit-visually-hidden">{t('manage.caption', { total: page.total })}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <SortHeader key={column.field} field={column.field} number={column.number} />
                ))}
                <th scope="col">{t('columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((account) => (
                <AccountRow key={account.id} account={account} />
              ))}
            </tbody>
          </table>
          <Pager />
        </div>
      ) : (
        !failed && <EmptyState text={t('manage.empty')} />
      )}
      {location.pathname === ADD_PATH && <AddAccountDialog />}
      <ModulesDialog />
    </div>
  )
}
