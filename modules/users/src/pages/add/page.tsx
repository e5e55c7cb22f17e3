import { Alert, Button, Card, EmptyState, FormError, FormGrid, IconButton, Page, Select, Table, TextField, dashboardCrumb } from '@app/module-kit'
import { PRIVILEGE_ACTIONS, type PrivilegeAction } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { ArrowLeft, ArrowRight, Check, Trash2 } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { usersCrumb } from '../../crumbs'
import { projectLabel } from '../../projects/api'
import { ProjectPicker } from '../../projects/ProjectPicker'
import {
  $chosenProjects,
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
  projectLevelChosen,
  projectPicker,
  projectRemoved,
  projectToggled,
  stepSubmitted,
  wizardOpened,
} from './model'

const DetailsStep = () => {
  const { t } = useTranslation('users')
  const registeredElsewhere = useUnit($registeredElsewhere)
  return (
    <FormGrid>
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
    </FormGrid>
  )
}

const CompanyStep = () => {
  const { t } = useTranslation('users')
  const { companies, company, level, chooseCompany, chooseLevel } = useUnit({
    companies: $companies,
    company: $companyId,
    level: $companyLevel,
    chooseCompany: companyChosen,
    chooseLevel: companyLevelChosen,
  })
  if (!companies.length) return <EmptyState text={t('add.noCompanies')} />
  return (
    <FormGrid>
      <Select
        label={t('fields.company')}
        value={String(company ?? '')}
        options={companies.map((option) => ({ value: String(option.id), label: option.name }))}
        empty={t('add.noCompany')}
        onChange={(id) => chooseCompany(id ? Number(id) : null)}
      />
      {company !== null && (
        <Select
          label={t('columns.level')}
          value={level}
          options={PRIVILEGE_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
          onChange={(action) => chooseLevel(action as PrivilegeAction)}
        />
      )}
    </FormGrid>
  )
}

/** Enter in the project search box searches; it does not move the wizard on. */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault()
}

const ProjectsStep = () => {
  const { t } = useTranslation('users')
  const { chosen, toggle, remove, chooseLevel } = useUnit({ chosen: $chosenProjects, toggle: projectToggled, remove: projectRemoved, chooseLevel: projectLevelChosen })
  return (
    <div className="users-grants">
      <p className="users-grants-hint">{t('projects.stepHint')}</p>
      {chosen.length ? (
        <Table
          caption={t('projects.chosenCaption')}
          rowKey={(row) => row.id}
          rows={chosen}
          columns={[
            { key: 'project', header: t('projects.project'), rowHeader: true, render: (row) => projectLabel(row) },
            {
              key: 'level',
              header: t('columns.level'),
              render: (row) => (
                <select
                  className="kit-input"
                  aria-label={t('projects.levelOf', { name: projectLabel(row) })}
                  value={row.level}
                  required
                  onChange={(event) => chooseLevel({ id: row.id, level: event.target.value as PrivilegeAction })}
                >
                  {PRIVILEGE_ACTIONS.map((action) => (
                    <option key={action} value={action}>
                      {t(`actions.${action}`)}
                    </option>
                  ))}
                </select>
              ),
            },
            {
              key: 'remove',
              header: t('grants.columns.actions'),
              actions: true,
              render: (row) => (
                <IconButton icon={Trash2} size="sm" className="kit-button-quiet-danger" label={t('projects.removeOne', { name: projectLabel(row) })} onClick={() => remove(row.id)} />
              ),
            },
          ]}
        />
      ) : (
        <EmptyState text={t('projects.noneChosen')} />
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps Enter in the search box from submitting the wizard */}
      <div onKeyDown={keepEnter}>
        <ProjectPicker list={projectPicker} isChosen={(row) => chosen.some((p) => p.id === row.id)} onChoose={toggle} />
      </div>
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
          {step === 'projects' && <ProjectsStep />}
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
