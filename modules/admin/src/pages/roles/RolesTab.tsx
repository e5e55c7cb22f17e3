/** The roles tab: the account's roles, the chosen role's privileges, and privileges per user. */
import {
  $grantablePrivileges,
  Badge,
  Button,
  Card,
  Checkbox,
  DeleteAction,
  EmptyState,
  FormError,
  FormFrame,
  LoadFailed,
  SelectField,
  Spinner,
  SubmitButton,
  Table,
  type TableColumn,
  TextField,
  usePrivilegeText,
} from '@app/module-kit'
import { useUnit } from 'effector-react'
import { KeyRound, Pencil } from 'lucide-react'
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
  removeConfirmed,
  roleForm,
  roleSelected,
  rolesOpened,
  rolesRetried,
} from './model'
import { UserPrivileges } from './UserPrivileges'

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
        {editing && <Button onClick={() => cancel()}>{t('common.cancel')}</Button>}
      </div>
      {editing && <p className="admin-hint">{t('roles.editing', { name: editing.name })}</p>}
      <FormError form={roleForm} />
    </FormFrame>
  )
}

/** A role's actions: its privileges, and for a role of the account's own, edit and remove. */
const RoleActions = ({ role }: { role: Role }) => {
  const { t } = useTranslation('admin')
  const u = useUnit({ selected: $selectedRoleId, select: roleSelected, edit: editClicked, remove: removeConfirmed })
  return (
    <span className="kit-row">
      <Button
        size="sm"
        variant="ghost"
        icon={KeyRound}
        onClick={() => u.select(role.id)}
        aria-pressed={role.id === u.selected}
        aria-label={t('roles.privilegesOf', { name: role.name })}
      >
        {t('roles.privileges')}
      </Button>
      {!role.builtIn && (
        <>
          <Button size="sm" variant="ghost" icon={Pencil} onClick={() => u.edit(role)} aria-label={t('roles.editOf', { name: role.name })}>
            {t('common.edit')}
          </Button>
          <DeleteAction
            label={t('roles.removeOf', { name: role.name })}
            question={{ title: t('roles.confirmRemove', { name: role.name }) }}
            onConfirmed={() => u.remove(role)}
          />
        </>
      )}
    </span>
  )
}

const RoleList = () => {
  const { t } = useTranslation('admin')
  const { loaded, failed, loading, retry } = useUnit({ loaded: $roles, failed: $rolesFailed, loading: $loading, retry: rolesRetried })
  // A failure replaces the roles of an earlier answer.
  const roles = failed ? [] : loaded
  const columns: TableColumn<Role>[] = [
    {
      key: 'name',
      header: t('roles.name'),
      rowHeader: true,
      render: (role) => (
        <span className="kit-row">
          {role.name}
          {role.builtIn && <Badge>{t('roles.builtIn')}</Badge>}
        </span>
      ),
    },
    { key: 'securityGroup', header: t('roles.securityGroup'), render: (role) => t(`roles.group.${role.securityGroup}`) },
    { key: 'actions', header: t('common.actions'), actions: true, render: (role) => <RoleActions role={role} /> },
  ]
  return (
    <Card title={t('roles.title')}>
      <p className="admin-hint">{t('roles.hint')}</p>
      <RoleForm />
      {failed && !loading && <LoadFailed text={t('list.failed')} onRetry={() => retry()} />}
      {roles.length > 0 && <Table columns={columns} rows={roles} rowKey={(role) => role.id} caption={t('roles.title')} />}
      {loading && <Spinner />}
      {!loading && !failed && roles.length === 0 && <EmptyState text={t('roles.empty')} />}
    </Card>
  )
}

const RolePrivileges = ({ role }: { role: Role }) => {
  const { t } = useTranslation('admin')
  const text = usePrivilegeText()
  const { catalog, granted, toggle } = useUnit({ catalog: $grantablePrivileges, granted: $grantedNames, toggle: privilegeToggled })
  return (
    <Card title={t('roles.privilegesOf', { name: role.name })}>
      <p className="admin-hint">{t('roles.privilegesHint')}</p>
      {role.securityGroup === 'ADMIN' && <p className="admin-hint">{t('roles.adminGroupHint')}</p>}
      <ul className="admin-privileges">
        {catalog.map((privilege) => (
          <li key={privilege.id}>
            <Checkbox label={text.privilege(privilege)} hint={privilege.name} checked={granted.includes(privilege.name)} onChange={() => toggle(privilege.id)} />
          </li>
        ))}
      </ul>
    </Card>
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
