/** The roles tab: the account's roles, the chosen role's privileges, and privileges per user. */
import {
  $grantablePrivileges,
  EmptyState,
  FormError,
  FormFrame,
  LoadFailed,
  SelectField,
  Spinner,
  SubmitButton,
  TextField,
  usePrivilegeText,
} from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { Role } from '../../api'
import {
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
  rolesRetried,
} from './model'
import { UserPrivileges } from './UserPrivileges'
import './roles.css'

const RoleForm = () => {
  const { t } = useTranslation('admin')
  const { editing, cancel } = useUnit({ editing: $editing, cancel: editCancelled })
  const groups = SECURITY_GROUPS.map((g) => ({ value: g, label: t(`roles.group.${g}`) }))
  return (
    <FormFrame form={roleForm}>
      <div className="admin-inline-form">
        <TextField form={roleForm} name="name" label={t('roles.name')} />
        <SelectField form={roleForm} name="securityGroup" label={t('roles.securityGroup')} options={groups} />
        <SubmitButton form={roleForm}>{editing ? t('roles.save') : t('roles.add')}</SubmitButton>
        {editing && (
          <button type="button" className="kit-button" onClick={() => cancel()}>
            {t('common.cancel')}
          </button>
        )}
      </div>
      {editing && <p className="admin-hint">{t('roles.editing', { name: editing.name })}</p>}
      <FormError form={roleForm} />
    </FormFrame>
  )
}

const RoleRow = ({ role }: { role: Role }) => {
  const { t } = useTranslation('admin')
  const u = useUnit({ selected: $selectedRoleId, select: roleSelected, edit: editClicked, remove: removeClicked })
  return (
    <tr>
      <th scope="row">
        {role.name}
        {role.builtIn && <span className="roles-badge">{t('roles.builtIn')}</span>}
      </th>
      <td>{t(`roles.group.${role.securityGroup}`)}</td>
      <td className="admin-actions">
        <button type="button" className="kit-button" onClick={() => u.select(role.id)} aria-pressed={role.id === u.selected} aria-label={t('roles.privilegesOf', { name: role.name })}>
          {t('roles.privileges')}
        </button>
        {!role.builtIn && (
          <>
            <button type="button" className="kit-button" onClick={() => u.edit(role)} aria-label={t('roles.editOf', { name: role.name })}>
              {t('common.edit')}
            </button>
            <button type="button" className="admin-danger" onClick={() => u.remove(role)} aria-label={t('roles.removeOf', { name: role.name })}>
              {t('common.remove')}
            </button>
          </>
        )}
      </td>
    </tr>
  )
}

const RoleList = () => {
  const { t } = useTranslation('admin')
  const { loaded, failed, loading, retry } = useUnit({ loaded: $roles, failed: $rolesFailed, loading: $loading, retry: rolesRetried })
  // A failure replaces the roles of an earlier answer.
  const roles = failed ? [] : loaded
  return (
    <section className="admin-section" aria-labelledby="admin-roles-title">
      <h2 id="admin-roles-title">{t('roles.title')}</h2>
      <p className="admin-hint">{t('roles.hint')}</p>
      <RoleForm />
      {failed && !loading && <LoadFailed text={t('list.failed')} onRetry={() => retry()} />}
      {roles.length > 0 && (
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
            {roles.map((role) => (
              <RoleRow key={role.id} role={role} />
            ))}
          </tbody>
        </table>
      )}
      {loading && <Spinner />}
      {!loading && !failed && roles.length === 0 && <EmptyState text={t('roles.empty')} />}
    </section>
  )
}

const RolePrivileges = ({ role }: { role: Role }) => {
  const { t } = useTranslation('admin')
  const text = usePrivilegeText()
  const { catalog, granted, toggle } = useUnit({ catalog: $grantablePrivileges, granted: $grantedNames, toggle: privilegeToggled })
  return (
    <section className="admin-section" aria-labelledby="admin-role-privileges-title">
      <h2 id="admin-role-privileges-title">{t('roles.privilegesOf', { name: role.name })}</h2>
      <p className="admin-hint">{t('roles.privilegesHint')}</p>
      {role.securityGroup === 'ADMIN' && <p className="admin-hint">{t('roles.adminGroupHint')}</p>}
      <ul className="admin-privileges">
        {catalog.map((privilege) => (
          <li key={privilege.id}>
            <label className="kit-checkbox">
              <input type="checkbox" checked={granted.includes(privilege.name)} onChange={() => toggle(privilege.id)} />
              <span>
                {text.privilege(privilege)} <small>({privilege.name})</small>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const RolesTab = ({ accountId }: { accountId: number }) => {
  const { roles, selected, opened } = useUnit({ roles: $roles, selected: $selectedRoleId, opened: rolesOpened })
  useEffect(() => {
    opened(accountId)
  }, [opened, accountId])
  const selectedRole = roles.find((r) => r.id === selected)
  return (
    <>
      <RoleList />
      {selectedRole && <RolePrivileges role={selectedRole} />}
      <UserPrivileges />
    </>
  )
}
