/** The company form's fields, in groups; the parent list leaves out the company itself. */
import { type Form, FormGrid, SelectField, TextField, useCountryOptions } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import type { CompanyValues } from './company-form'

interface Props {
  form: Form<CompanyValues>
  parents: { id: number; name: string }[]
  /** The company being edited, kept out of its own parent list. */
  selfId?: number
  disabled?: boolean
}

export const CompanyFields = ({ form, parents, selfId, disabled }: Props) => {
  const { t } = useTranslation('companies')
  const countries = useCountryOptions()
  const field = (name: keyof CompanyValues & string, type: 'text' | 'email' | 'tel' = 'text') => (
    <TextField form={form} name={name} label={t(`fields.${name}`)} type={type} disabled={disabled} />
  )
  const parentOptions = parents.filter((p) => p.id !== selfId).map((p) => ({ value: String(p.id), label: p.name }))
  return (
    <>
      <FormGrid legend={t('form.company')}>
        {field('name')}
        {field('number')}
        {field('masterNumber')}
        {field('vatRegNo')}
        {field('plant')}
        <SelectField form={form} name="parentId" label={t('fields.parentId')} options={parentOptions} disabled={disabled} />
      </FormGrid>
      <FormGrid legend={t('form.address')}>
        {field('address')}
        {field('zip')}
        {field('city')}
        <SelectField form={form} name="country" label={t('fields.country')} options={countries} disabled={disabled} />
        {field('latitude')}
        {field('longitude')}
      </FormGrid>
      <FormGrid legend={t('form.contact')}>
        {field('contactPerson')}
        {field('contactTitle')}
        {field('contactEmail', 'email')}
        {field('contactPhone', 'tel')}
      </FormGrid>
    </>
  )
}
