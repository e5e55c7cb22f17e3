/** The "privileges per user" section of the roles tab: a thin view over user-privileges.model. */
import { DataTable, EmptyState, ListFilter, Spinner } from '@app/module-kit'
import { PRIVILEGE_ACTIONS, type PrivilegeAction } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { CompanyChoice, UserChoice } from '../../api'
import { usePrivilegeText } from './labels'
import { $grantable } from './model'
import {
  $action,
  $canAdd,
  $company,
  $grants,
  $grantsFailed,
  $grantsLoaded,
  $grantsLoading,
  $kind,
  $privilegeName,
  $user,
  GRANT_KINDS,
  type GrantKind,
  actionChosen,
  addClicked,
  companyChosen,
  companyPicker,
  grantActionChosen,
  grantRemoveClicked,
  kindChosen,
  privilegeChosen,
  userChosen,
  userPicker,
} from './user-privileges.model'

const fullName = (user: UserChoice) => `${user.firstName} ${user.lastName}`

const ActionSelect = (props: { id?: string; label?: string; value: PrivilegeAction; onChange: (action: PrivilegeAction) => void }) => {
  const text = usePrivilegeText()
  return (
    <select
      id={props.id}
      className="kit-input"
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as PrivilegeAction)}
    >
      {PRIVILEGE_ACTIONS.map((action) => (
        <option key={action} value={action}>
          {text.action(action)}
        </option>
      ))}
    </select>
  )
}

/** A button in a picker row; pressed when that row is the one chosen. */
const ChooseButton = ({ label, chosen, onChoose }: { label: string; chosen: boolean; onChoose: () => void }) => {
  const { t } = useTranslation('admin')
  return (
    <button type="button" className="kit-button" aria-pressed={chosen} aria-label={label} onClick={onChoose}>
      {chosen ? t('userPrivileges.chosen') : t('userPrivileges.choose')}
    </button>
  )
}

const UserPicker = () => {
  const { t } = useTranslation('admin')
  const { user, choose } = useUnit({ user: $user, choose: userChosen })
  return (
    <div className="roles-picker">
      <ListFilter list={userPicker} label={t('userPrivileges.findUser')} />
      <DataTable
        list={userPicker}
        caption={t('userPrivileges.users')}
        emptyText={t('userPrivileges.noUsers')}
        rowKey={(row) => row.id}
        columns={[
          { key: 'lastName', sortable: true, rowHeader: true, header: t('userPrivileges.name'), render: fullName },
          { key: 'username', header: t('userPrivileges.email') },
          { key: 'acronym', header: t('userPrivileges.acronym') },
          {
            key: 'choose',
            header: t('common.actions'),
            render: (row) => (
              <ChooseButton label={t('userPrivileges.chooseUser', { name: fullName(row) })} chosen={row.id === user?.id} onChoose={() => choose(row)} />
            ),
          },
        ]}
      />
    </div>
  )
}

const CompanyPicker = () => {
  const { t } = useTranslation('admin')
  const { company, choose } = useUnit({ company: $company, choose: companyChosen })
  return (
    <fieldset className="roles-picker">
      <legend>{t('userPrivileges.company')}</legend>
      <ListFilter list={companyPicker} label={t('userPrivileges.findCompany')} />
      <DataTable<CompanyChoice, 'name'>
        list={companyPicker}
        caption={t('userPrivileges.companies')}
        emptyText={t('userPrivileges.noCompanies')}
        failedText={t('userPrivileges.companiesFailed')}
        rowKey={(row) => row.id}
        columns={[
          { key: 'name', sortable: true, rowHeader: true, header: t('userPrivileges.name') },
          {
            key: 'choose',
            header: t('common.actions'),
            render: (row) => (
              <ChooseButton label={t('userPrivileges.chooseCompany', { name: row.name })} chosen={row.id === company?.id} onChoose={() => choose(row)} />
            ),
          },
        ]}
      />
    </fieldset>
  )
}

const AddGrant = () => {
  const { t } = useTranslation('admin')
  const text = usePrivilegeText()
  const ids = { kind: useId(), privilege: useId(), action: useId() }
  // Not `kind`: a shape with that key would be taken for a unit.
  const u = useUnit({
    grantKind: $kind,
    name: $privilegeName,
    company: $company,
    action: $action,
    grantable: $grantable,
    canAdd: $canAdd,
    chooseKind: kindChosen,
    choosePrivilege: privilegeChosen,
    chooseAction: actionChosen,
    add: addClicked,
  })
  return (
    // A fieldset, not a form: Enter in the company search box must not add anything.
    <fieldset className="roles-add-grant">
      <legend>{t('userPrivileges.addTitle')}</legend>
      <div className="admin-inline-form">
        <div className="kit-field">
          <label htmlFor={ids.kind}>{t('userPrivileges.kind')}</label>
          <select id={ids.kind} className="kit-input" value={u.grantKind} onChange={(event) => u.chooseKind(event.target.value as GrantKind)}>
            {GRANT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`userPrivileges.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {u.grantKind === 'GLOBAL' && (
          <div className="kit-field">
            <label htmlFor={ids.privilege}>{t('userPrivileges.privilege')}</label>
            <select id={ids.privilege} className="kit-input" value={u.name ?? ''} onChange={(event) => u.choosePrivilege(event.target.value)}>
              <option value="">{t('userPrivileges.choosePrivilege')}</option>
              {u.grantable.map((privilege) => (
                <option key={privilege.id} value={privilege.name}>
                  {text.privilege(privilege)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="kit-field">
          <label htmlFor={ids.action}>{t('userPrivileges.action')}</label>
          <ActionSelect id={ids.action} value={u.action} onChange={u.chooseAction} />
        </div>
        <button type="button" className="kit-button kit-button-primary" disabled={!u.canAdd} onClick={() => u.add()}>
          {t('userPrivileges.add')}
        </button>
      </div>
      {u.grantKind === 'COMPANY' && (
        <>
          <p className="admin-hint" aria-live="polite">
            {u.company ? t('userPrivileges.companyChosen', { name: u.company.name }) : t('userPrivileges.chooseCompanyHint')}
          </p>
          <CompanyPicker />
        </>
      )}
    </fieldset>
  )
}

const UserGrants = ({ user }: { user: UserChoice }) => {
  const { t } = useTranslation('admin')
  const text = usePrivilegeText()
  const u = useUnit({
    grants: $grants,
    loaded: $grantsLoaded,
    loading: $grantsLoading,
    failed: $grantsFailed,
    changeAction: grantActionChosen,
    remove: grantRemoveClicked,
  })
  const name = fullName(user)
  return (
    <div className="roles-user-grants">
      <h3>{t('userPrivileges.of', { name })}</h3>
      {u.failed ? (
        <p role="alert">{t('userPrivileges.loadFailed')}</p>
      ) : !u.loaded && u.loading ? (
        <Spinner />
      ) : u.grants.length ? (
        <table className="admin-table">
          <caption className="kit-visually-hidden">{t('userPrivileges.of', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('userPrivileges.privilege')}</th>
              <th scope="col">{t('userPrivileges.appliesTo')}</th>
              <th scope="col">{t('userPrivileges.action')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {u.grants.map((grant) => {
              const label = t('userPrivileges.grantLabel', { privilege: text.grantName(grant), target: text.grantTarget(grant) })
              return (
                <tr key={grant.id}>
                  <th scope="row">{text.grantName(grant)}</th>
                  <td>{text.grantTarget(grant)}</td>
                  <td>
                    <ActionSelect
                      label={t('userPrivileges.actionOf', { name: label })}
                      value={grant.action}
                      onChange={(action) => u.changeAction({ grant, action })}
                    />
                  </td>
                  <td>
                    <button type="button" className="admin-danger" aria-label={t('userPrivileges.removeOf', { name: label })} onClick={() => u.remove({ grant, label })}>
                      {t('common.remove')}
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      ) : (
        <EmptyState text={t('userPrivileges.empty')} />
      )}
      <AddGrant />
    </div>
  )
}

export const UserPrivileges = () => {
  const { t } = useTranslation('admin')
  const user = useUnit($user)
  return (
    <section className="admin-section" aria-labelledby="admin-user-privileges-title">
      <h2 id="admin-user-privileges-title">{t('userPrivileges.title')}</h2>
      <p className="admin-hint">{t('userPrivileges.hint')}</p>
      <UserPicker />
      {user ? <UserGrants user={user} /> : <EmptyState text={t('userPrivileges.noUser')} />}
    </section>
  )
}
