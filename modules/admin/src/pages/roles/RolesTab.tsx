import { EmptyState, FormError, FormFrame, SelectField, Spinner, SubmitButton, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
  $catalog,
  $editing,
  $grantedNames,
  $loading,
  $roles,
  $rolesFailed,
  $selectedRoleId,
  SECURITY_GROUPS,
  editCancelled,
  editClicked,
  privilegeToggled,
  removeClicked,
  roleForm,
  roleSelected,
  rolesOpened,
} from './model'

export const RolesTab = ({ accountId }: { accountId: number }) => {
  const { t } = useTranslation('admin')
  const u = useUnit({
    roles: $roles,
    failed: $rolesFailed,
    loading: $loading,
    editing: $editing,
    selected: $selectedRoleId,
    catalog: $catalog,
    granted: $grantedNames,
    opened: rolesOpened,
    edit: editClicked,
    cancel: editCancelled,
    remove: removeClicked,
    select: roleSelected,
    toggle: privilegeToggled,
  })
  useEffect(() => {
    u.opened(accountId)
  }, [u.opened, accountId])
  const groups = SECURITY_GROUPS.map((g) => ({ value: g, label: t(`roles.group.${g}`) }))
  const selectedRole = u.roles.find((r) => r.id === u.selected)
  return (
    <>
      <section className="admin-section" aria-labelledby="admin-roles-title">
        <h2 id="admin-roles-title">{t('roles.title')}</h2>
        <FormFrame form={roleForm}>
          <div className="admin-inline-form">
            <TextField form={roleForm} name="name" label={t('roles.name')} />
            <SelectField form={roleForm} name="securityGroup" label={t('roles.securityGroup')} options={groups} />
            <SubmitButton form={roleForm}>{u.editing ? t('roles.save') : t('roles.add')}</SubmitButton>
            {u.editing && (
              <button type="button" className="kit-button" onClick={() => u.cancel()}>
                {t('common.cancel')}
              </button>
            )}
          </div>
          <FormError form={roleForm} />
        </FormFrame>
        {u.failed && <p role="alert">{t('list.failed')}</p>}
        <table className="admin-table">
          <caption className="kit-visually-hidden">{t('roles.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('roles.name')}</th>
              <th scope="col">{t('roles.securityGroup')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {u.roles.map((role) => (
              <tr key={role.id} aria-selected={role.id === u.selected}>
                <td>{role.name}</td>
                <td>{t(`roles.group.${role.securityGroup}`)}</td>
                <td className="admin-actions">
                  <button type="button" className="kit-button" onClick={() => u.select(role.id)} aria-pressed={role.id === u.selected}>
                    {t('roles.privileges')}
                  </button>
                  <button type="button" className="kit-button" onClick={() => u.edit(role)}>
                    {t('common.edit')}
                  </button>
                  <button type="button" className="admin-danger" onClick={() => u.remove(role)}>
                    {t('common.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {u.loading && <Spinner />}
        {!u.loading && !u.failed && u.roles.length === 0 && <EmptyState text={t('roles.empty')} />}
      </section>
      {selectedRole && (
        <section className="admin-section" aria-labelledby="admin-role-privileges-title">
          <h2 id="admin-role-privileges-title">{t('roles.privilegesOf', { name: selectedRole.name })}</h2>
          <p>{t('roles.privilegesHint')}</p>
          <ul className="admin-privileges">
            {u.catalog.map((privilege) => (
              <li key={privilege.id}>
                <label className="kit-checkbox">
                  <input type="checkbox" checked={u.granted.includes(privilege.name)} onChange={() => u.toggle(privilege.id)} />
                  <span>
                    {privilege.name} <small>({privilege.description})</small>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
