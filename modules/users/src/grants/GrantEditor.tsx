/** The thin view of a grant editor (createGrantEditor): the user's grants, then the add box for user managers. */
import { PRIVILEGE_ACTIONS, type PrivilegeAction } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { $grantablePrivileges, Button, DataTable, EmptyState, IconButton, ListFilter, LoadFailed, Select, Spinner, Table, type TableColumn } from '@app/module-kit'
import { Check, Plus, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { CompanyChoice, UserGrant } from './api'
import { $grantKinds, type GrantEditorModel, type GrantKind } from './model'
import { projectLabel } from '../projects/api'
import { ProjectPicker } from '../projects/ProjectPicker'
import { useGrantText } from './text'
import './grants.css'

/** The actions a grant may have, in words, for either select of one. */
const useActionOptions = () => {
  const text = useGrantText()
  return PRIVILEGE_ACTIONS.map((action) => ({ value: action, label: text.action(action) }))
}

/** A row's action, in a table cell: named by the row, not by a visible label. */
const ActionSelect = (props: { label: string; value: PrivilegeAction; onChange: (action: PrivilegeAction) => void }) => {
  const actions = useActionOptions()
  return (
    <select className="kit-input" aria-label={props.label} value={props.value} onChange={(event) => props.onChange(event.target.value as PrivilegeAction)}>
      {actions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}

/** A button in a picker's row; pressed when that row is the one chosen. */
const ChooseButton = ({ label, chosen, onChoose }: { label: string; chosen: boolean; onChoose: () => void }) => {
  const { t } = useTranslation('users')
  return (
    <Button size="sm" variant={chosen ? 'primary' : 'secondary'} icon={chosen ? Check : undefined} aria-pressed={chosen} aria-label={label} onClick={onChoose}>
      {chosen ? t('grants.chosen') : t('grants.choose')}
    </Button>
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
            actions: true,
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
  const actions = useActionOptions()
  // Not `kind`: a shape with that key would be taken for a unit.
  const u = useUnit({
    grantKind: editor.$kind,
    name: editor.$privilegeName,
    company: editor.$company,
    project: editor.$project,
    kinds: $grantKinds,
    action: editor.$action,
    grantable: $grantablePrivileges,
    canAdd: editor.$canAdd,
    chooseKind: editor.kindChosen,
    chooseProject: editor.projectChosen,
    choosePrivilege: editor.privilegeChosen,
    chooseAction: editor.actionChosen,
    add: editor.addClicked,
  })
  return (
    // A fieldset, not a form: Enter in the company search box must not add anything.
    <fieldset className="users-grants-add">
      <legend>{t('grants.addTitle')}</legend>
      <div className="users-grants-row">
        <Select
          label={t('grants.kind')}
          value={u.grantKind}
          options={u.kinds.map((kind) => ({ value: kind, label: t(`grants.kinds.${kind}`) }))}
          onChange={(kind) => u.chooseKind(kind as GrantKind)}
        />
        {u.grantKind === 'GLOBAL' && (
          <Select
            label={t('grants.columns.privilege')}
            value={u.name ?? ''}
            options={u.grantable.map((privilege) => ({ value: privilege.name, label: text.privilege(privilege) }))}
            empty={t('grants.choosePrivilege')}
            onChange={u.choosePrivilege}
          />
        )}
        <Select label={t('grants.columns.action')} value={u.action} options={actions} onChange={(action) => u.chooseAction(action as PrivilegeAction)} />
        <Button variant="primary" icon={Plus} disabled={!u.canAdd} onClick={() => u.add()}>
          {t('grants.add')}
        </Button>
      </div>
      {u.grantKind === 'COMPANY' && (
        <>
          <p className="users-grants-hint" aria-live="polite">
            {u.company ? t('grants.companyChosen', { name: u.company.name }) : t('grants.chooseCompanyHint')}
          </p>
          <CompanyPicker editor={editor} />
        </>
      )}
      {u.grantKind === 'PROJECT' && (
        <>
          <p className="users-grants-hint" aria-live="polite">
            {u.project ? t('projects.chosen', { name: projectLabel(u.project) }) : t('projects.chooseHint')}
          </p>
          <ProjectPicker list={editor.projectPicker} isChosen={(row) => row.id === u.project?.id} onChoose={u.chooseProject} />
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
    retry: editor.reloaded,
  })
  if (u.failed) return <LoadFailed text={t('grants.loadFailed')} onRetry={() => u.retry()} />
  if (!u.loaded && u.loading) return <Spinner />
  if (!u.grants.length) return <EmptyState text={t('grants.empty')} />
  const columns: TableColumn<UserGrant>[] = [
    { key: 'privilege', header: t('grants.columns.privilege'), rowHeader: true, render: (grant) => text.grantName(grant) },
    { key: 'appliesTo', header: t('grants.columns.appliesTo'), render: (grant) => text.grantTarget(grant) },
    u.canEdit
      ? {
          key: 'action',
          header: t('grants.columns.action'),
          render: (grant) => (
            <ActionSelect
              label={t('grants.actionOf', { name: text.grantLabel(grant) })}
              value={grant.action}
              onChange={(action) => u.changeAction({ grant, action })}
            />
          ),
        }
      : { key: 'action', header: t('grants.columns.action'), render: (grant) => text.action(grant.action) },
  ]
  if (u.canEdit) {
    columns.push({
      key: 'remove',
      header: t('grants.columns.actions'),
      actions: true,
      // Quiet on every row; the model asks before anything is removed.
      render: (grant) => (
        <IconButton
          icon={Trash2}
          size="sm"
          className="kit-button-quiet-danger"
          label={t('grants.removeOf', { name: text.grantLabel(grant) })}
          onClick={() => u.remove({ grant, label: text.grantLabel(grant) })}
        />
      ),
    })
  }
  return <Table columns={columns} rows={u.grants} rowKey={(grant) => grant.id} caption={caption} />
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
