/** The thin view of a grant editor (createGrantEditor): the user's grants, then the add box for user managers. */
import { PRIVILEGE_ACTIONS, type PrivilegeAction } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { useId } from 'react'
import { $grantablePrivileges, DataTable, EmptyState, ListFilter, Spinner } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import type { CompanyChoice } from './api'
import { GRANT_KINDS, type GrantEditorModel, type GrantKind } from './model'
import { useGrantText } from './text'
import './grants.css'

const ActionSelect = (props: { id?: string; label?: string; value: PrivilegeAction; onChange: (action: PrivilegeAction) => void }) => {
  const text = useGrantText()
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

/** A button in a picker's row; pressed when that row is the one chosen. */
const ChooseButton = ({ label, chosen, onChoose }: { label: string; chosen: boolean; onChoose: () => void }) => {
  const { t } = useTranslation('users')
  return (
    <button type="button" className="kit-button users-choose" aria-pressed={chosen} aria-label={label} onClick={onChoose}>
      {chosen ? t('grants.chosen') : t('grants.choose')}
    </button>
  )
}

const CompanyPicker = ({ editor }: { editor: GrantEditorModel }) => {
  const { t } = useTranslation('users')
  const { company, choose } = useUnit({ company: editor.$company, choose: editor.companyChosen })
  return (
    <fieldset className="users-grants-picker">
      <legend>{t('grants.company')}</legend>
      <ListFilter list={editor.companyPicker} label={t('grants.findCompany')} />
      <DataTable<CompanyChoice, 'name'>
        list={editor.companyPicker}
        caption={t('grants.companies')}
        emptyText={t('grants.noCompanies')}
        failedText={t('grants.companiesFailed')}
        rowKey={(row) => row.id}
        columns={[
          { key: 'name', sortable: true, rowHeader: true, header: t('grants.name') },
          {
            key: 'choose',
            header: t('grants.columns.actions'),
            render: (row) => (
              <ChooseButton label={t('grants.chooseCompany', { name: row.name })} chosen={row.id === company?.id} onChoose={() => choose(row)} />
            ),
          },
        ]}
      />
    </fieldset>
  )
}

const AddGrant = ({ editor }: { editor: GrantEditorModel }) => {
  const { t } = useTranslation('users')
  const text = useGrantText()
  const ids = { kind: useId(), privilege: useId(), action: useId() }
  // Not `kind`: a shape with that key would be taken for a unit.
  const u = useUnit({
    grantKind: editor.$kind,
    name: editor.$privilegeName,
    company: editor.$company,
    action: editor.$action,
    grantable: $grantablePrivileges,
    canAdd: editor.$canAdd,
    chooseKind: editor.kindChosen,
    choosePrivilege: editor.privilegeChosen,
    chooseAction: editor.actionChosen,
    add: editor.addClicked,
  })
  return (
    // A fieldset, not a form: Enter in the company search box must not add anything.
    <fieldset className="users-grants-add">
      <legend>{t('grants.addTitle')}</legend>
      <div className="users-grants-row">
        <div className="kit-field">
          <label htmlFor={ids.kind}>{t('grants.kind')}</label>
          <select id={ids.kind} className="kit-input" value={u.grantKind} onChange={(event) => u.chooseKind(event.target.value as GrantKind)}>
            {GRANT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`grants.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {u.grantKind === 'GLOBAL' && (
          <div className="kit-field">
            <label htmlFor={ids.privilege}>{t('grants.columns.privilege')}</label>
            <select id={ids.privilege} className="kit-input" value={u.name ?? ''} onChange={(event) => u.choosePrivilege(event.target.value)}>
              <option value="">{t('grants.choosePrivilege')}</option>
              {u.grantable.map((privilege) => (
                <option key={privilege.id} value={privilege.name}>
                  {text.privilege(privilege)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="kit-field">
          <label htmlFor={ids.action}>{t('grants.columns.action')}</label>
          <ActionSelect id={ids.action} value={u.action} onChange={u.chooseAction} />
        </div>
        <button type="button" className="kit-button kit-button-primary" disabled={!u.canAdd} onClick={() => u.add()}>
          {t('grants.add')}
        </button>
      </div>
      {u.grantKind === 'COMPANY' && (
        <>
          <p className="users-grants-hint" aria-live="polite">
            {u.company ? t('grants.companyChosen', { name: u.company.name }) : t('grants.chooseCompanyHint')}
          </p>
          <CompanyPicker editor={editor} />
        </>
      )}
    </fieldset>
  )
}

const GrantTable = ({ editor, caption }: { editor: GrantEditorModel; caption: string }) => {
  const { t } = useTranslation('users')
  const text = useGrantText()
  const u = useUnit({
    grants: editor.$grants,
    loaded: editor.$loaded,
    loading: editor.$loading,
    failed: editor.$failed,
    canEdit: editor.$canEdit,
    changeAction: editor.grantActionChosen,
    remove: editor.grantRemoveClicked,
  })
  if (u.failed) return <p role="alert">{t('grants.loadFailed')}</p>
  if (!u.loaded && u.loading) return <Spinner />
  if (!u.grants.length) return <EmptyState text={t('grants.empty')} />
  return (
    <div className="kit-table-wrap">
      <table className="kit-table">
        <caption className="kit-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('grants.columns.privilege')}</th>
            <th scope="col">{t('grants.columns.appliesTo')}</th>
            <th scope="col">{t('grants.columns.action')}</th>
            {u.canEdit && <th scope="col">{t('grants.columns.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {u.grants.map((grant) => {
            const label = text.grantLabel(grant)
            return (
              <tr key={grant.id}>
                <th scope="row">{text.grantName(grant)}</th>
                <td>{text.grantTarget(grant)}</td>
                {u.canEdit ? (
                  <>
                    <td>
                      <ActionSelect label={t('grants.actionOf', { name: label })} value={grant.action} onChange={(action) => u.changeAction({ grant, action })} />
                    </td>
                    <td>
                      <button type="button" className="kit-button users-grants-remove" aria-label={t('grants.removeOf', { name: label })} onClick={() => u.remove({ grant, label })}>
                        {t('grants.remove')}
                      </button>
                    </td>
                  </>
                ) : (
                  <td>{text.action(grant.action)}</td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

export interface GrantEditorProps {
  editor: GrantEditorModel
  /** The table's accessible name; "The user's own privileges" without it. */
  caption?: string
}

/** A user's own grants; user managers also change an action, remove a grant (asked first) and add one. */
export const GrantEditor = ({ editor, caption }: GrantEditorProps) => {
  const { t } = useTranslation('users')
  const canEdit = useUnit(editor.$canEdit)
  return (
    <div className="users-grants">
      <GrantTable editor={editor} caption={caption ?? t('grants.caption')} />
      {canEdit && <AddGrant editor={editor} />}
    </div>
  )
}
