import { $flags, Alert, Button, Card, Checkbox, Columns, FormError, FormFrame, SubmitButton, useCountryName } from '@app/module-kit'
import type { Project } from '@app/plugin-projects/shared'
import { useUnit } from 'effector-react'
import { Copy, Trash2 } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $choices, withCurrent } from '../../choices'
import { ProjectFields } from '../../project-fields'
import { $billingSaving, $copying, $deleteRefusal, billingToggled, copyClicked, deleteClicked, editForm, metadataOpened } from './metadata.model'

/** What the caller may do here, as the API decides it (spec part2 §6). */
export const metadataRights = (project: Pick<Project, 'accessLevel'>, flags: { canManageProjects: boolean }) => ({
  edit: project.accessLevel.edit,
  /** Deleting and copying a project: the manage-projects right together with edit access. */
  manage: flags.canManageProjects && project.accessLevel.edit,
  /** The client's details are part of the administrators' panel. */
  client: project.accessLevel.administer,
})

const Billing = ({ project, editable }: { project: Project; editable: boolean }) => {
  const { t } = useTranslation('projects')
  const { toggle, saving } = useUnit({ toggle: billingToggled, saving: $billingSaving })
  const unset = project.shouldNotifyBilling === null
  const state = unset ? t('billing.unset') : t(project.shouldNotifyBilling ? 'billing.enabled' : 'billing.disabled')
  return (
    <Card title={t('billing.title')}>
      <div className="kit-stack">
        <Checkbox
          switch
          label={t('billing.label')}
          hint={state}
          checked={project.shouldNotifyBilling === true}
          // The toggle refuses to act while the current value is undefined (spec part2 §4).
          disabled={unset || !editable || saving}
          onChange={toggle}
        />
        <p className="projects-hint">{t(unset ? 'billing.unsetHint' : 'billing.hint')}</p>
      </div>
    </Card>
  )
}

const Client = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects')
  const countryName = useCountryName()
  const company = project.company
  return (
    <Card title={t('client.title')}>
      {company ? (
        <dl className="projects-facts">
          <dt>{t('client.name')}</dt>
          <dd>{company.name}</dd>
          <dt>{t('client.number')}</dt>
          <dd>{company.number ?? '–'}</dd>
          <dt>{t('client.country')}</dt>
          <dd>{company.country ? countryName(company.country) : '–'}</dd>
        </dl>
      ) : (
        <p className="projects-hint">{t('client.none')}</p>
      )}
    </Card>
  )
}

const Manage = () => {
  const { t } = useTranslation('projects')
  const { refusal, remove, copy, copying } = useUnit({ refusal: $deleteRefusal, remove: deleteClicked, copy: copyClicked, copying: $copying })
  return (
    <Card title={t('manage.title')}>
      <div className="kit-stack">
        <div className="kit-row">
          <Button icon={Copy} disabled={copying} aria-busy={copying || undefined} onClick={() => copy()}>
            {t('manage.copy')}
          </Button>
          <Button variant="danger" icon={Trash2} onClick={() => remove()}>
            {t('manage.delete')}
          </Button>
        </div>
        {refusal && (
          <Alert tone="error" title={t('delete.refused')}>
            <p>{refusal}</p>
          </Alert>
        )}
      </div>
    </Card>
  )
}

export const MetadataTab = ({ project }: { project: Project }) => {
  const { t } = useTranslation('projects')
  const { flags, choices, opened } = useUnit({ flags: $flags, choices: $choices, opened: metadataOpened })
  useEffect(() => {
    opened()
  }, [opened])
  const rights = metadataRights(project, flags)
  return (
    <div className="kit-stack">
      <FormFrame form={editForm}>
        <ProjectFields form={editForm} choices={withCurrent(choices, project)} selfId={project.id} disabled={!rights.edit} fixedClient={!rights.client} />
        <FormError form={editForm} />
        {rights.edit && (
          <div>
            <SubmitButton form={editForm}>{t('metadata.save')}</SubmitButton>
          </div>
        )}
      </FormFrame>
      <Columns>
        <Billing project={project} editable={rights.edit} />
        {rights.client && <Client project={project} />}
        {rights.manage && <Manage />}
      </Columns>
    </div>
  )
}
