import { $flags, EmptyState, Link, Spinner, formatDate, useBreadcrumbs } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountUser, UserSortField } from '../../api'
import {
  $exporting,
  $failed,
  $filterText,
  $loading,
  $page,
  $pageCount,
  $pageNumber,
  $query,
  exportClicked,
  filterTyped,
  listOpened,
  pageChosen,
  sortClicked,
} from './model'

const COLUMNS: UserSortField[] = ['acronym', 'lastName', 'firstName', 'username', 'createdAt', 'enabled']

const SortHeader = ({ field }: { field: UserSortField }) => {
  const { t } = useTranslation('users')
  const { query, clicked } = useUnit({ query: $query, clicked: sortClicked })
  const direction = query.sort?.field === field ? query.sort.direction : null
  const ariaSort = direction === 1 ? 'ascending' : direction === -1 ? 'descending' : 'none'
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="us-sort" onClick={() => clicked(field)}>
        {t(`columns.${field}`)}
        <span aria-hidden="true">{direction === 1 ? ' ▲' : direction === -1 ? ' ▼' : ''}</span>
      </button>
    </th>
  )
}

/** Edit links only for user managers, and never for an anonymised user. */
const UserRow = ({ user }: { user: AccountUser }) => {
  const { t } = useTranslation('users')
  const flags = useUnit($flags)
  const editable = flags.canManageUsers && !user.anonymous
  return (
    <tr>
      <td>{user.acronym}</td>
      <th scope="row">{editable ? <Link to={`/users/${user.id}/details`}>{user.lastName}</Link> : user.lastName}</th>
      <td>{user.firstName}</td>
      <td>{user.username}</td>
      <td>{formatDate(user.createdAt)}</td>
      <td>{user.anonymous ? t('list.anonymous') : user.enabled ? t('yes') : t('no')}</td>
      <td>{user.companyName ?? ''}</td>
    </tr>
  )
}

const Pager = () => {
  const { t } = useTranslation('users')
  const { page, count, number, chosen } = useUnit({ page: $page, count: $pageCount, number: $pageNumber, chosen: pageChosen })
  return (
    <nav className="us-pager" aria-label={t('pager.label')}>
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

/** /users: the account's users. */
export const ListPage = () => {
  const { t } = useTranslation('users')
  const filterId = useId()
  const { page, loading, failed, filterText, typed, opened, flags, exporting, exported } = useUnit({
    page: $page,
    loading: $loading,
    failed: $failed,
    filterText: $filterText,
    typed: filterTyped,
    opened: listOpened,
    flags: $flags,
    exporting: $exporting,
    exported: exportClicked,
  })
  useEffect(() => opened(), [opened])
  useBreadcrumbs([{ label: 'kit:breadcrumbs.dashboard', href: '/' }, { label: 'kit:breadcrumbs.users' }])

  return (
    <div className="us-page">
      <h1>{t('title')}</h1>
      <div className="us-toolbar">
        <div className="us-filter">
          <label htmlFor={filterId}>{t('list.filter')}</label>
          <input id={filterId} type="search" className="kit-input" value={filterText} onChange={(event) => typed(event.target.value)} />
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
      {failed && <p role="alert">{t('list.failed')}</p>}
      {loading && !page.data.length ? (
        <Spinner />
      ) : page.data.length ? (
        <div className="us-table-wrap" aria-busy={loading}>
          <table className="us-table">
            <caption className="kit-visually-hidden">{t('list.caption', { total: page.total })}</caption>
            <thead>
              <tr>
                {COLUMNS.map((field) => (
                  <SortHeader key={field} field={field} />
                ))}
                <th scope="col">{t('columns.company')}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </table>
          <Pager />
        </div>
      ) : (
        !failed && <EmptyState text={t('list.empty')} />
      )}
    </div>
  )
}
