/** The project form's fields in groups; the parent list leaves out the project itself. */
import { type Form, FormGrid, SelectField, TextAreaField, TextField, useCountryOptions } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import type { Choice } from './api'
import { DATES, type ProjectValues } from './project-form'

export interface ProjectChoices {
  companies: Choice[]
  managers: Choice[]
  parents: Choice[]
}

interface Props {
  form: Form<ProjectValues>
  choices: ProjectChoices
  /** The project being edited, kept out of its own parent list. */
  selfId?: number
  /** Read-only: a caller below EDIT sees the fields without changing them. */
  disabled?: boolean
  /** The client stays as it is: choosing it decides who else reaches the project, which only its administrators may. */
  fixedClient?: boolean
}

const options = (choices: Choice[], selfId?: number) => choices.filter((c) => c.id !== selfId).map((c) => ({ value: String(c.id), label: c.name }))

export const ProjectFields = ({ form, choices, selfId, disabled, fixedClient }: Props) => {
  const { t } = useTranslation('projects')
  const countries = useCountryOptions()
  const field = (name: keyof ProjectValues & string) => (
    <TextField form={form} name={name} label={t(`fields.${name}`)} disabled={disabled} />
  )
  // Only the parent list leaves the project itself out: a client or a manager may share its id.
  const select = (name: 'companyId' | 'managerId' | 'parentId', list: Choice[]) => (
    <SelectField
      form={form}
      name={name}
      label={t(`fields.${name}`)}
      options={options(list, name === 'parentId' ? selfId : undefined)}
      disabled={disabled || (name === 'companyId' && fixedClient)}
    />
  )
  return (
    <>
      <FormGrid legend={t('form.project')}>
        {field('name')}
        {field('symbol')}
        {select('companyId', choices.companies)}
        {select('managerId', choices.managers)}
        {select('parentId', choices.parents)}
        {field('masterNumber')}
      </FormGrid>
      <FormGrid legend={t('form.dates')}>
        {DATES.map((name) => (
          <TextField key={name} form={form} name={name} label={t(`fields.${name}`)} type="date" disabled={disabled} />
        ))}
      </FormGrid>
      <FormGrid legend={t('form.figures')}>
        {field('value')}
        {field('area')}
        {field('squareMeters')}
      </FormGrid>
      <FormGrid legend={t('form.location')}>
        {field('address')}
        {field('latitude')}
        {field('longitude')}
        {field('altitude')}
        {field('rotationX')}
        {field('rotationY')}
        {field('rotationZ')}
      </FormGrid>
      <FormGrid legend={t('form.endCompany')}>
        {field('endCompanyName')}
        {field('endCompanyAddress')}
        <SelectField form={form} name="endCompanyCountry" label={t('fields.endCompanyCountry')} options={countries} disabled={disabled} />
        {field('endCompanyPlant')}
        <TextAreaField form={form} name="additionalInfo" label={t('fields.additionalInfo')} disabled={disabled} />
      </FormGrid>
    </>
  )
}
