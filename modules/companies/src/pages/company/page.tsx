import { $flags, EmptyState, ErrorPage, FormError, FormFrame, Link, type RouteProps, Spinner, SubmitButton } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CompanyFields } from '../../company-fields'
import {
  $company,
  $deleteBlocks,
  $loadError,
  $logoError,
  $logoUrl,
  $parents,
  TABS,
  type Tab,
  companyOpened,
  deleteClicked,
  editForm,
  logoChosen,
  skyviewClicked,
} from './model'
import { UserAccessPage } from './user-access'
import { AccessTab, UsersTab } from './users'

/** Which tabs the caller sees (spec part1 §6). */
export const visibleTabs = (flags: { canManageProjects: boolean; canManageCompany: boolean; canManageCompanyUsers: boolean }) =>
  TABS.filter((tab) => {
    if (tab === 'projects') return flags.canManageProjects || flags.canManageCompany
    if (tab === 'useraccess' || tab === 'users') return flags.canManageCompanyUsers
    return true
  })

const Metadata = () => {
  const { t } = useTranslation('companies')
  const units = useUnit({
    company: $company,
    parents: $parents,
    logoUrl: $logoUrl,
    logoError: $logoError,
    blocks: $deleteBlocks,
    flags: $flags,
    chooseLogo: logoChosen,
    skyview: skyviewClicked,
    remove: deleteClicked,
  })
  const company = units.company!
  const mayTurnOnSkyview = units.flags.canManageAccounts || units.flags.canManageCompany
  return (
    <>
      <FormFrame form={editForm}>
        <CompanyFields form={editForm} parents={units.parents} selfId={company.id} />
        <FormError form={editForm} />
        <div className="companies-actions">
          <SubmitButton form={editForm}>{t('company.save')}</SubmitButton>
        </div>
      </FormFrame>

      <section className="companies-section" aria-labelledby="companies-logo-title">
        <h2 id="companies-logo-title">{t('logo.title')}</h2>
        {units.logoUrl ? <img className="companies-logo" src={units.logoUrl} alt={t('logo.alt', { name: company.name })} /> : <p>{t('logo.none')}</p>}
        <label className="kit-field">
          <span className="kit-field-label">{t('logo.choose')}</span>
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) units.chooseLogo(file)
              event.target.value = ''
            }}
          />
        </label>
        {units.logoError && <p role="alert">{t(units.logoError)}</p>}
      </section>

      <section className="companies-section" aria-labelledby="companies-skyview-title">
        <h2 id="companies-skyview-title">{t('skyview.title')}</h2>
        <label className="kit-checkbox">
          <input
            type="checkbox"
            checked={company.skymapEnabled}
            // Once on it stays on: the toggle only ever turns it on.
            disabled={company.skymapEnabled || !mayTurnOnSkyview}
            onChange={() => units.skyview()}
          />
          {t('skyview.enabled')}
        </label>
        <p className="companies-hint">{t(company.skymapEnabled ? 'skyview.locked' : 'skyview.hint')}</p>
      </section>

      {units.flags.canManageCompany && (
        <section className="companies-section" aria-labelledby="companies-delete-title">
          <h2 id="companies-delete-title">{t('delete.title')}</h2>
          <button type="button" className="companies-danger" onClick={() => units.remove()}>
            {t('delete.button')}
          </button>
          {units.blocks.length > 0 && (
            <div role="alert">
              <p>{t('delete.blocked', { name: company.name })}</p>
              <ul>
                {units.blocks.map((block) => (
                  <li key={`${block.reason}-${block.item}`}>
                    {company.name} {t(`delete.reasons.${block.reason}`, { defaultValue: block.reason })} {block.item}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      )}
    </>
  )
}

export const CompanyPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('companies')
  const id = Number(params.clientId)
  const requested = (params.tab ?? 'metadata') as Tab
  const { company, loadError, flags, opened } = useUnit({ company: $company, loadError: $loadError, flags: $flags, opened: companyOpened })
  useEffect(() => {
    if (Number.isInteger(id) && id > 0) opened(id)
  }, [opened, id])

  if (!Number.isInteger(id) || id < 1 || loadError === 'notFound') return <ErrorPage message={t('company.notFound')} />
  if (loadError) return <ErrorPage message={t('company.loadFailed')} />
  if (!company || company.id !== id) return <Spinner />

  const tabs = visibleTabs(flags)
  const tab = tabs.includes(requested) ? requested : 'metadata'
  return (
    <div className="companies-page">
      <h1>{company.number ? `${company.number} - ${company.name}` : company.name}</h1>
      <nav className="companies-tabs" aria-label={t('company.tabs')}>
        {tabs.map((name) => (
          <Link key={name} to={`/companies/${id}/${name}`} aria-current={name === tab ? 'page' : undefined}>
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === 'metadata' && <Metadata />}
      {tab === 'projects' && <EmptyState text={t('projects.empty')} />}
      {tab === 'useraccess' && (params.item ? <UserAccessPage companyId={id} userId={Number(params.item)} /> : <AccessTab companyId={id} />)}
      {tab === 'users' && <UsersTab companyId={id} />}
    </div>
  )
}
