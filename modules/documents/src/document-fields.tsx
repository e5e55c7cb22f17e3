/** The document form's fields in groups (part1 §3); an archived document's title, type, responsible and number are read-only. */
import { CheckboxField, type Form, FormGrid, SelectField, TextField } from '@app/module-kit'
import { PLACEMENTS, PROVIDERS, SECURITY_GROUPS } from '@app/plugin-documents/shared'
import { useTranslation } from 'react-i18next'
import type { Choice } from './api'
import type { DocumentChoices } from './choices'
import { CHOICES, DATES, type DocumentValues, FIXED_WHEN_ARCHIVED, TEXTS } from './document-form'

interface Props {
  form: Form<DocumentValues>
  choices: DocumentChoices
  /** The document being edited, kept out of its own parent list. */
  selfId?: number
  archived?: boolean
  /** Read-only: a caller below EDIT. */
  disabled?: boolean
}

const VALUES = { provider: PROVIDERS, placement: PLACEMENTS, securityGroup: SECURITY_GROUPS } as const

const options = (choices: Choice[], selfId?: number) => choices.filter((c) => c.id !== selfId).map((c) => ({ value: String(c.id), label: c.name }))

export const DocumentFields = ({ form, choices, selfId, archived, disabled }: Props) => {
  const { t } = useTranslation('documents')
  const fixed = (name: string) => disabled || (archived && (FIXED_WHEN_ARCHIVED as readonly string[]).includes(name))
  const text = (name: keyof DocumentValues & string, type?: 'date') => (
    <TextField key={name} form={form} name={name} label={t(`fields.${name}`)} type={type} disabled={fixed(name)} />
  )
  const select = (name: 'folderTypeId' | 'responsibleId' | 'parentFolderId', list: Choice[]) => (
    <SelectField form={form} name={name} label={t(`fields.${name}`)} options={options(list, name === 'parentFolderId' ? selfId : undefined)} disabled={fixed(name)} />
  )
  return (
    <>
      <FormGrid legend={t('form.document')}>
        {text('name')}
        {text('symbol')}
        {select('folderTypeId', choices.types)}
        {select('responsibleId', choices.responsibles)}
        {select('parentFolderId', choices.parents)}
        {text('tags')}
      </FormGrid>
      <FormGrid legend={t('form.origin')}>
        {CHOICES.map((name) => (
          <SelectField
            key={name}
            form={form}
            name={name}
            label={t(`fields.${name}`)}
            options={VALUES[name].map((value) => ({ value, label: t(`values.${name}.${value}`) }))}
            disabled={disabled}
          />
        ))}
        {TEXTS.map((name) => text(name))}
      </FormGrid>
      <FormGrid legend={t('form.dates')}>{DATES.map((name) => text(name, 'date'))}</FormGrid>
      <FormGrid legend={t('form.options')}>
        <CheckboxField form={form} name="hasBom" label={t('fields.hasBom')} disabled={disabled} />
        <CheckboxField form={form} name="showComponents" label={t('fields.showComponents')} disabled={disabled} />
      </FormGrid>
    </>
  )
}
