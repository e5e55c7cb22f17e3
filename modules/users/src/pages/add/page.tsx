import { EmptyState, FormError, FormFrame, Spinner, TextField, dashboardCrumb, useBreadcrumbs } from '@app/module-kit'
import { usersCrumb } from '../../crumbs'
import { PRIVILEGE_ACTIONS } from '@app/plugin-kit/shared'
import type { PrivilegeAction } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import {
  $companies,
  $companyId,
  $companyLevel,
  $creating,
  $projectLevels,
  $projects,
  $projectsLoading,
  $registeredElsewhere,
  $showsCompanyStep,
  $step,
  backClicked,
  companyChosen,
  companyLevelChosen,
  detailsForm,
  finishClicked,
  nextClicked,
  projectLevelChosen,
  wizardOpened,
} from './model'

const DetailsStep = () => {
  const { t } = useTranslation('users')
  const registeredElsewhere = useUnit($registeredElsewhere)
  return (
    <FormFrame form={detailsForm}>
      <div className="us-form">
        <TextField form={detailsForm} name="email" label={t('fields.email')} type="email" autoComplete="off" autoFocus />
        {registeredElsewhere && (
          <p className="us-note" role="status">
            {t('add.registered')}
          </p>
        )}
        <TextField form={detailsForm} name="repeatEmail" label={t('fields.repeatEmail')} type="email" autoComplete="off" />
        <TextField form={detailsForm} name="firstName" label={t('fields.firstName')} />
        <TextField form={detailsForm} name="lastName" label={t('fields.lastName')} />
        <FormError form={detailsForm} />
      </div>
    </FormFrame>
  )
}

const LevelSelect = ({ label, value, onChange, allowNone }: { label: string; value: string; onChange: (value: string) => void; allowNone?: boolean }) => {
  const { t } = useTranslation('users')
  return (
    <select className="kit-input" aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {allowNone && <option value="">{t('add.noAccess')}</option>}
      {PRIVILEGE_ACTIONS.map((action) => (
        <option key={action} value={action}>
          {t(`actions.${action}`)}
        </option>
      ))}
    </select>
  )
}

/** Projects of the account with a level each; none chosen adds the user to no project. */
const ProjectsStep = () => {
  const { t } = useTranslation('users')
  const { projects, levels, loading, chosen } = useUnit({ projects: $projects, levels: $projectLevels, loading: $projectsLoading, chosen: projectLevelChosen })
  if (loading) return <Spinner />
  if (!projects.length) return <EmptyState text={t('add.noProjects')} />
  return (
    <table className="us-table">
      <caption className="kit-visually-hidden">{t('add.projects')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('columns.project')}</th>
          <th scope="col">{t('columns.level')}</th>
        </tr>
      </thead>
      <tbody>
        {projects.map((project) => (
          <tr key={project.id}>
            <th scope="row">{project.name}</th>
            <td>
              <LevelSelect
                allowNone
                label={t('add.levelFor', { name: project.name })}
                value={levels[project.id] ?? ''}
                onChange={(action) => chosen({ projectId: project.id, action: action as PrivilegeAction | '' })}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
    <div className="us-form">
      <div className="kit-field">
        <label htmlFor={companyId}>{t('fields.company')}</label>
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
          <label htmlFor={levelId}>{t('columns.level')}</label>
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

/** /users/add */
export const AddPage = () => {
  const { t } = useTranslation('users')
  const { step, showsCompany, creating, opened, back, next, finish } = useUnit({
    step: $step,
    showsCompany: $showsCompanyStep,
    creating: $creating,
    opened: wizardOpened,
    back: backClicked,
    next: nextClicked,
    finish: finishClicked,
  })
  useEffect(() => opened(), [opened])
  useBreadcrumbs([dashboardCrumb(), usersCrumb(), { label: t('add.title') }])
  const steps = showsCompany ? [1, 2, 3] : [1, 2]
  const last = step === steps.length

  return (
    <div className="us-page">
      <h1>{t('add.title')}</h1>
      <ol className="us-steps">
        {steps.map((number) => (
          <li key={number} aria-current={number === step ? 'step' : undefined}>
            {t(`add.step${number}`)}
          </li>
        ))}
      </ol>
      <section aria-label={t(`add.step${step}`)}>
        {step === 1 && <DetailsStep />}
        {step === 2 && <ProjectsStep />}
        {step === 3 && <CompanyStep />}
      </section>
      <div className="us-buttons">
        {step > 1 && (
          <button type="button" className="kit-button" onClick={() => back()}>
            {t('add.back')}
          </button>
        )}
        {last ? (
          <button type="button" className="kit-button kit-button-primary" disabled={creating} aria-busy={creating} onClick={() => finish()}>
            {t('add.finish')}
          </button>
        ) : (
          <button type="button" className="kit-button kit-button-primary" onClick={() => next()}>
            {t('add.next')}
          </button>
        )}
      </div>
    </div>
  )
}
