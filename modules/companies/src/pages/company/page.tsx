import { $flags, Alert, Button, Card, Checkbox, Columns, type Crumb, EmptyState, FormError, FormFrame, MissingPage, Page, type RouteProps, RouteTabs, SubmitButton, buttonClass, dashboardCrumb } from '@app/module-kit'
import type { Company } from '@app/plugin-companies/shared'
import { useUnit } from 'effector-react'
import { Building2, FolderOpen, Trash2, Upload } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CompanyFields } from '../../company-fields'
import { companiesCrumb } from '../../crumbs'
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

/** The heading: "number - name" as the spec writes it, or the name alone. */
export const companyTitle = (company: Pick<Company, 'number' | 'name'>) => (company.number ? `${company.number} - ${company.name}` : company.name)

const Logo = ({ company }: { company: Company }) => {
  const { t } = useTranslation('companies')
  const { url, error, choose } = useUnit({ url: $logoUrl, error: $logoError, choose: logoChosen })
  return (
    <Card title={t('logo.title')}>
      <div className="kit-stack">
        {url ? <img className="companies-logo" src={url} alt={t('logo.alt', { name: company.name })} /> : <p className="companies-hint">{t('logo.none')}</p>}
        {/* The native file input stays (it opens the picker from the keyboard too), drawn as the kit's button. */}
        <label className={buttonClass({}, 'companies-file')}>
          <Upload size={18} aria-hidden="true" />
          {t('logo.upload')}
          <input
            type="file"
            className="kit-visually-hidden"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-describedby="companies-logo-rules"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) choose(file)
              event.target.value = ''
            }}
          />
        </label>
        <p id="companies-logo-rules" className="companies-hint">
          {t('logo.rules')}
        </p>
        {error && (
          <Alert tone="error">
            <p>{t(error)}</p>
          </Alert>
        )}
      </div>
    </Card>
  )
}

const Skyview = ({ company }: { company: Company }) => {
  const { t } = useTranslation('companies')
  const { flags, skyview } = useUnit({ flags: $flags, skyview: skyviewClicked })
  const mayTurnOn = flags.canManageAccounts || flags.canManageCompany
  return (
    <Card title={t('skyview.title')}>
      <div className="kit-stack">
        <Checkbox
          label={t('skyview.enabled')}
          checked={company.skymapEnabled}
          // Once on it stays on: the toggle only ever turns it on.
          disabled={company.skymapEnabled || !mayTurnOn}
          onChange={() => skyview()}
        />
        <p className="companies-hint">{t(company.skymapEnabled ? 'skyview.locked' : 'skyview.hint')}</p>
      </div>
    </Card>
  )
}

const Delete = ({ company }: { company: Company }) => {
  const { t } = useTranslation('companies')
  const { blocks, remove } = useUnit({ blocks: $deleteBlocks, remove: deleteClicked })
  return (
    <Card title={t('delete.title')}>
      <div className="kit-stack">
        <div>
          <Button variant="danger" icon={Trash2} onClick={() => remove()}>
            {t('delete.button')}
          </Button>
        </div>
        {blocks.length > 0 && (
          <Alert tone="error" title={t('delete.blocked', { name: company.name })}>
            <ul>
              {blocks.map((block) => (
                <li key={`${block.reason}-${block.item}`}>
                  {company.name} {t(`delete.reasons.${block.reason}`, { defaultValue: block.reason })} {block.item}
                </li>
              ))}
            </ul>
          </Alert>
        )}
      </div>
    </Card>
  )
}

const Metadata = ({ company }: { company: Company }) => {
  const { t } = useTranslation('companies')
  const { parents, flags } = useUnit({ parents: $parents, flags: $flags })
  return (
    <div className="kit-stack">
      <FormFrame form={editForm}>
        <CompanyFields form={editForm} parents={parents} selfId={company.id} />
        <FormError form={editForm} />
        <div>
          <SubmitButton form={editForm}>{t('company.save')}</SubmitButton>
        </div>
      </FormFrame>
      <Columns>
        <Logo company={company} />
        <Skyview company={company} />
        {flags.canManageCompany && <Delete company={company} />}
      </Columns>
    </div>
  )
}

const NotFound = ({ crumbs }: { crumbs: Crumb[] }) => {
  const { t } = useTranslation('companies')
  return (
    <MissingPage
      title={t('company.notFound')}
      crumbs={crumbs}
      icon={Building2}
      text={t('company.notFoundText')}
      back={{ to: '/companies', label: t('company.backToList') }}
    />
  )
}

export const CompanyPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('companies')
  const id = Number(params.clientId)
  const requested = (params.tab ?? 'metadata') as Tab
  const units = useUnit({ company: $company, loadError: $loadError, flags: $flags, opened: companyOpened })
  const { opened } = units
  const valid = Number.isInteger(id) && id > 0
  useEffect(() => {
    if (valid) opened(id)
  }, [opened, id, valid])

  const company = units.company?.id === id ? units.company : null
  const tabs = visibleTabs(units.flags)
  const tab = tabs.includes(requested) ? requested : 'metadata'

  // The trail ends with this page, so Companies stays a link: the company once known, else what the page says.
  const trail = (label: string): Crumb[] => [dashboardCrumb(), companiesCrumb(), { label }]
  if (!valid || units.loadError === 'notFound') return <NotFound crumbs={trail(t('company.notFound'))} />
  const crumbs = trail(company?.name ?? t('company.title'))
  return (
    <Page
      crumbs={crumbs}
      title={company ? companyTitle(company) : t('company.title')}
      loading={!company && !units.loadError}
      forbidden={units.loadError === 'forbidden'}
      error={units.loadError === 'failed' ? t('company.loadFailed') : null}
      onRetry={() => opened(id)}
    >
      {company && (
        <RouteTabs label={t('company.tabs')} tabs={tabs.map((name) => ({ id: name, label: t(`tabs.${name}`), path: `/companies/${id}/${name}` }))} selected={tab}>
          {tab === 'metadata' && <Metadata company={company} />}
          {tab === 'projects' && (
            // The projects remote lists a client's projects (/projects?companyId=): reached by route, not imported.
            <EmptyState
              icon={FolderOpen}
              text={t('projects.text')}
              action={<Button to={`/projects?companyId=${id}`}>{t('projects.open')}</Button>}
            />
          )}
          {tab === 'useraccess' && (params.item ? <UserAccessPage companyId={id} userId={Number(params.item)} /> : <AccessTab companyId={id} />)}
          {tab === 'users' && <UsersTab companyId={id} />}
        </RouteTabs>
      )}
    </Page>
  )
}
