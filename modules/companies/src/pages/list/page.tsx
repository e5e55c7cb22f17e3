import { $flags, Button, type DataColumn, DataTable, ListFilter, Page, TextLink, useCountryName, useFormat } from '@app/module-kit'
import type { Company, CompanySort } from '@app/plugin-companies/shared'
import { useUnit } from 'effector-react'
import { Download, Plus } from 'lucide-react'
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
      rowHeader: true,
      render: (company) => <TextLink to={`/companies/${company.id}`}>{company.name}</TextLink>,
    },
    { key: 'city', header: t('fields.city'), sortable: true },
    { key: 'country', header: t('fields.country'), sortable: true, render: (company) => (company.country ? countryName(company.country) : '') },
    { key: 'createdAt', header: t('fields.createdAt'), sortable: true, render: (company) => format.date(company.createdAt) },
  ]
  const actions = (
    <>
      {(flags.canManageAccounts || flags.canManageSettings) && (
        <Button icon={Download} disabled={exporting} aria-busy={exporting || undefined} onClick={() => exportFile()}>
          {t('list.export')}
        </Button>
      )}
      {flags.canManageCompany && (
        <Button to="/companies/add" variant="primary" icon={Plus}>
          {t('list.new')}
        </Button>
      )}
    </>
  )

  return (
    <Page title={t('list.title')} actions={actions}>
      <div className="kit-row">
        <ListFilter list={companies} label={t('list.filter')} placeholder={t('list.filter')} />
      </div>
      <DataTable
        list={companies}
        columns={columns}
        rowKey={(company) => company.id}
        caption={t('list.caption', { count: total })}
        emptyText={t(filter ? 'list.noMatch' : 'list.empty')}
      />
    </Page>
  )
}
