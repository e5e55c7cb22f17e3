import { EmptyState, Spinner } from '@app/module-kit'
import { PRIVILEGE_ACTIONS, type PrivilegeAction, type PrivilegeResource } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Grant, Option } from '../../api'
import {
  $action,
  $canAdd,
  $companies,
  $grants,
  $loading,
  $projects,
  $resource,
  $resourceId,
  GRANTABLE,
  accessOpened,
  actionChosen,
  addClicked,
  removeClicked,
  resourceChosen,
  resourceIdChosen,
  rowActionChosen,
} from './access.model'

const nameOf = (grant: Grant, projects: Option[], companies: Option[], fallback: string) => {
  if (grant.resourceId === null) return grant.name ?? fallback
  const list = grant.resource === 'PROJECT' ? projects : companies
  return list.find((option) => option.id === grant.resourceId)?.name ?? `#${grant.resourceId}`
}

const ActionSelect = ({ id, label, value, onChange }: { id?: string; label?: string; value: PrivilegeAction; onChange: (action: PrivilegeAction) => void }) => {
  const { t } = useTranslation('users')
  return (
    <select id={id} className="kit-input" aria-label={label} value={value} onChange={(event) => onChange(event.target.value as PrivilegeAction)}>
      {PRIVILEGE_ACTIONS.map((action) => (
        <option key={action} value={action}>
          {t(`actions.${action}`)}
        </option>
      ))}
    </select>
  )
}

const AddBox = () => {
  const { t } = useTranslation('users')
  const resourceId = useId()
  const targetId = useId()
  const actionId = useId()
  const u = useUnit({
    resource: $resource,
    target: $resourceId,
    action: $action,
    canAdd: $canAdd,
    projects: $projects,
    companies: $companies,
    chooseResource: resourceChosen,
    chooseTarget: resourceIdChosen,
    chooseAction: actionChosen,
    add: addClicked,
  })
  const targets = u.resource === 'PROJECT' ? u.projects : u.companies
  return (
    <div className="us-add-grant">
      <div className="kit-field">
        <label htmlFor={resourceId}>{t('columns.resource')}</label>
        <select id={resourceId} className="kit-input" value={u.resource} onChange={(event) => u.chooseResource(event.target.value as PrivilegeResource)}>
          {GRANTABLE.map((resource) => (
            <option key={resource} value={resource}>
              {t(`resources.${resource}`)}
            </option>
          ))}
        </select>
      </div>
      {u.resource !== 'ACCOUNT' && (
        <div className="kit-field">
          <label htmlFor={targetId}>{t('columns.target')}</label>
          <select
            id={targetId}
            className="kit-input"
            value={u.target ?? ''}
            disabled={!targets.length}
            onChange={(event) => u.chooseTarget(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{targets.length ? t('access.choose') : t('access.nothingToChoose')}</option>
            {targets.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="kit-field">
        <label htmlFor={actionId}>{t('columns.action')}</label>
        <ActionSelect id={actionId} value={u.action} onChange={u.chooseAction} />
      </div>
      <button type="button" className="kit-button kit-button-primary" disabled={!u.canAdd} onClick={() => u.add()}>
        {t('access.add')}
      </button>
    </div>
  )
}

/** The access tab: the user's privileges. */
export const AccessTab = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('users')
  const { grants, loading, projects, companies, opened, remove, changeAction } = useUnit({
    grants: $grants,
    loading: $loading,
    projects: $projects,
    companies: $companies,
    opened: accessOpened,
    remove: removeClicked,
    changeAction: rowActionChosen,
  })
  useEffect(() => {
    opened(userId)
  }, [opened, userId])
  return (
    <div className="us-access">
      <AddBox />
      {loading && !grants.length ? (
        <Spinner />
      ) : grants.length ? (
        <table className="us-table">
          <caption className="kit-visually-hidden">{t('access.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('columns.resource')}</th>
              <th scope="col">{t('columns.target')}</th>
              <th scope="col">{t('columns.action')}</th>
              <th scope="col">{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {grants.map((grant) => {
              const name = nameOf(grant, projects, companies, t('access.wholeAccount'))
              return (
                <tr key={grant.id}>
                  <td>{t(`resources.${grant.resource}`)}</td>
                  <th scope="row">{name}</th>
                  <td>
                    <ActionSelect label={t('access.actionFor', { name })} value={grant.action} onChange={(action) => changeAction({ grant, action })} />
                  </td>
                  <td>
                    <button type="button" className="kit-button" aria-label={t('access.removeNamed', { name })} onClick={() => remove(grant)}>
                      {t('access.remove.button')}
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : (
        <EmptyState text={t('access.empty')} />
      )}
    </div>
  )
}
