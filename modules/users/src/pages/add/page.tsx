import { Alert, Button, Card, EmptyState, FormError, Page, TextField, dashboardCrumb } from '@app/module-kit'
import { PRIVILEGE_ACTIONS, type PrivilegeAction } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { ArrowLeft, ArrowRight, Check } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { usersCrumb } from '../../crumbs'
import {
  $companies,
  $companyId,
  $companyLevel,
  $creating,
  $isLastStep,
  $registeredElsewhere,
  $step,
  $steps,
  backClicked,
  companyChosen,
  companyLevelChosen,
  detailsForm,
  stepSubmitted,
  wizardOpened,
} from './model'

const DetailsStep = () => {
  const { t } = useTranslation('users')
  const registeredElsewhere = useUnit($registeredElsewhere)
  return (
    <div className="us-fields">
      <TextField form={detailsForm} name="email" label={t('fields.email')} type="email" autoComplete="off" autoFocus />
      {registeredElsewhere && (
        <Alert tone="info">
          <p>{t('add.registered')}</p>
        </Alert>
      )}
      <TextField form={detailsForm} name="repeatEmail" label={t('fields.repeatEmail')} type="email" autoComplete="off" />
      <TextField form={detailsForm} name="firstName" label={t('fields.firstName')} />
      <TextField form={detailsForm} name="lastName" label={t('fields.lastName')} />
      <FormError form={detailsForm} />
    </div>
  )
}

const CompanyStep = () => {
  const { t } = useTranslation('users')
  const companyId = useId()
  const levelId = useId()
  const { companies, company, level, chooseCompany, chooseLevel } = useUnit({
    companies: $companies,
    company: $companyId,
    level: $companyLevel,
    chooseCompany: companyChosen,
    chooseLevel: companyLevelChosen,
  })
  if (!companies.length) return <EmptyState text={t('add.noCompanies')} />
  return (
    <div className="us-fields">
      <div className="kit-field">
        <label htmlFor={companyId} className="kit-field-label">{t('fields.company')}</label>
        <select
          id={companyId}
          className="kit-input"
          value={company ?? ''}
          onChange={(event) => chooseCompany(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('add.noCompany')}</option>
          {companies.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      {company !== null && (
        <div className="kit-field">
          <label htmlFor={levelId} className="kit-field-label">{t('columns.level')}</label>
          <select id={levelId} className="kit-input" value={level} onChange={(event) => chooseLevel(event.target.value as PrivilegeAction)}>
            {PRIVILEGE_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
}

/** /users/add: one form around the step shown, so Enter submits it like Next or Finish. */
export const AddPage = () => {
  const { t } = useTranslation('users')
  const { step, steps, last, creating, opened, back, submitted } = useUnit({
    step: $step,
    steps: $steps,
    last: $isLastStep,
    creating: $creating,
    opened: wizardOpened,
    back: backClicked,
    submitted: stepSubmitted,
  })
  useEffect(() => opened(), [opened])
  const heading = useRef<HTMLHeadingElement>(null)
  const shown = useRef(step)
  // A new step takes the focus to its heading; the first one, on opening, focuses its e-mail field.
  useEffect(() => {
    if (shown.current !== step) heading.current?.focus()
    shown.current = step
  }, [step])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    submitted()
  }

  return (
    <Page title={t('add.title')} crumbs={[dashboardCrumb(), usersCrumb(), { label: t('add.title') }]}>
      {steps.length > 1 && (
        <ol className="us-steps">
          {steps.map((name) => (
            <li key={name} aria-current={name === step ? 'step' : undefined}>
              {t(`add.steps.${name}`)}
            </li>
          ))}
        </ol>
      )}
      <form noValidate aria-busy={creating} onSubmit={onSubmit}>
        <Card title={t(`add.steps.${step}`)} titleRef={heading}>
          {step === 'details' && <DetailsStep />}
          {step === 'company' && <CompanyStep />}
          <div className="kit-row us-step-buttons">
            {step !== steps[0] && (
              <Button icon={ArrowLeft} onClick={() => back()}>
                {t('add.back')}
              </Button>
            )}
            <Button type="submit" variant="primary" icon={last ? Check : undefined} disabled={creating} aria-busy={last && creating}>
              {t(last ? 'add.finish' : 'add.next')}
              {!last && <ArrowRight size={18} aria-hidden="true" />}
            </Button>
          </div>
        </Card>
      </form>
    </Page>
  )
}
