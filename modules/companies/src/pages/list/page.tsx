import { $flags, type DataColumn, DataTable, Link, ListFilter, useCountryName, useFormat } from '@app/module-kit'
import type { Company, CompanySort } from '@app/plugin-companies/shared'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $exporting, companies, exportClicked, listOpened } from './model'

export const CompaniesPage = () => {
  const { t } = useTranslation('companies')
  const countryName = useCountryName()
  const format = useFormat()
  const { flags, total, filter, exporting, opened, exportFile } = useUnit({
    flags: $flags,
    total: companies.$total,
    filter: companies.$appliedFilter,
    exporting: $exporting,
    opened: listOpened,
    exportFile: exportClicked,
  })
  useEffect(() => opened(), [opened])

  const columns: DataColumn<Company, CompanySort>[] = [
    { key: 'number', header: t('fields.number'), sortable: true },
    {
      key: 'name',
      header: t('fields.name'),
      sortable: true,
      render: (company) => <Link to={`/companies/${company.id}`}>{company.name}</Link>,
    },
    { key: 'city', header: t('fields.city'), sortable: true },
    { key: 'country', header: t('fields.country'), sortable: true, render: (company) => (company.country ? countryName(company.country) : '') },
    { key: 'createdAt', header: t('fields.createdAt'), sortable: true, render: (company) => format.date(company.createdAt) },
  ]

  return (
    <div className="companies-page">
      <h1>{t('list.title')}</h1>
      <div className="companies-toolbar">
        <ListFilter list={companies} label={t('list.filter')} placeholder={t('list.filter')} />
        {(flags.canManageAccounts || flags.canManageSettings) && (
          <button type="button" className="kit-button" disabled={exporting} onClick={() => exportFile()}>
            {t('list.export')}
          </button>
        )}
        {flags.canManageCompany && (
          <Link to="/companies/add" className="kit-button kit-button-primary">
            {t('list.new')}
          </Link>
        )}
      </div>
      <DataTable
        list={companies}
        columns={columns}
        rowKey={(company) => company.id}
        caption={t('list.caption', { count: total })}
        emptyText={t(filter ? 'list.noMatch' : 'list.empty')}
        className="companies-table"
      />
    </div>
  )
}
