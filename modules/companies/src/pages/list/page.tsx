import { $flags, EmptyState, Link, Spinner, formatDate, useCountryName } from '@app/module-kit'
import type { CompanySort } from '@app/plugin-companies/shared'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager, SortHeader, Toolbar } from '../../table'
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

const COLUMNS: CompanySort[] = ['number', 'name', 'city', 'country', 'createdAt']

export const CompaniesPage = () => {
  const { t } = useTranslation('companies')
  const countryName = useCountryName()
  const units = useUnit({
    flags: $flags,
    filter: $filterText,
    query: $query,
    page: $page,
    pageNumber: $pageNumber,
    pageCount: $pageCount,
    loading: $loading,
    failed: $failed,
    exporting: $exporting,
    opened: listOpened,
    typed: filterTyped,
    sort: sortClicked,
    choosePage: pageChosen,
    exportFile: exportClicked,
  })
  const { opened } = units
  useEffect(() => opened(), [opened])
  const rows = units.page?.data ?? []

  return (
    <div className="companies-page">
      <h1>{t('list.title')}</h1>
      <Toolbar>
        <label className="companies-filter">
          <span className="kit-visually-hidden">{t('list.filter')}</span>
          <input
            className="kit-input"
            type="search"
            placeholder={t('list.filter')}
            value={units.filter}
            onChange={(event) => units.typed(event.target.value)}
          />
        </label>
        {(units.flags.canManageAccounts || units.flags.canManageSettings) && (
          <button type="button" className="kit-button" disabled={units.exporting} onClick={() => units.exportFile()}>
            {t('list.export')}
          </button>
        )}
        {units.flags.canManageCompany && (
          <Link to="/companies/add" className="kit-button kit-button-primary">
            {t('list.new')}
          </Link>
        )}
      </Toolbar>
      {units.failed && <p role="alert">{t('list.failed')}</p>}
      <div className="companies-table-wrap" aria-busy={units.loading}>
        <table className="companies-table">
          <caption className="kit-visually-hidden">{t('list.caption', { count: units.page?.total ?? 0 })}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <SortHeader
                  key={column}
                  column={column}
                  label={t(`fields.${column}`)}
                  sort={units.query.sort}
                  direction={units.query.direction}
                  onSort={units.sort}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((company) => (
              <tr key={company.id}>
                <td>{company.number}</td>
                <td>
                  <Link to={`/companies/${company.id}`}>{company.name}</Link>
                </td>
                <td>{company.city}</td>
                <td>{company.country ? countryName(company.country) : ''}</td>
                <td>{formatDate(company.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {units.loading && !units.page && <Spinner />}
      {units.page && !rows.length && !units.loading && <EmptyState text={t(units.query.filter ? 'list.noMatch' : 'list.empty')} />}
      {units.page && units.page.total > 0 && (
        <Pager page={units.pageNumber} pages={units.pageCount} total={units.page.total} onPage={units.choosePage} />
      )}
    </div>
  )
}
