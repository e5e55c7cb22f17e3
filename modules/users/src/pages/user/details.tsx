import { $flags, Button, Card, Columns, FormError, FormFrame, SubmitButton, TextField } from '@app/module-kit'
import type { UserAccessLevel } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { KeyRound, UserRoundX } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountUser } from '../../api'
import {
  $busy,
  $editable,
  $isSelf,
  $levels,
  $mayAnonymise,
  $mayChangeIdentity,
  $maySendResetLink,
  $mayTurnOffTwoFactor,
  $roles,
  anonymiseClicked,
  editForm,
  enabledToggled,
  levelChosen,
  removalToggled,
  resetLinkClicked,
  roleChosen,
  twoFactorToggled,
} from './model'

/** A switch that sends its change at once: a checkbox with the current state. */
const Toggle = ({ label, checked, disabled, onToggle }: { label: string; checked: boolean; disabled: boolean; onToggle: () => void }) => {
  const id = useId()
  return (
    <div className="kit-field kit-checkbox">
      <input id={id} type="checkbox" role="switch" aria-checked={checked} checked={checked} disabled={disabled} onChange={() => onToggle()} />
      <label htmlFor={id} className="kit-field-label">{label}</label>
    </div>
  )
}

const RoleAndLevel = ({ user }: { user: AccountUser }) => {
  const { t } = useTranslation('users')
  const roleId = useId()
  const levelId = useId()
  const { roles, levels, busy, flags, self, chooseRole, chooseLevel } = useUnit({
    roles: $roles,
    levels: $levels,
    busy: $busy,
    flags: $flags,
    self: $isSelf,
    chooseRole: roleChosen,
    chooseLevel: levelChosen,
  })
  return (
    <div className="us-fields">
      <div className="kit-field">
        <label htmlFor={roleId} className="kit-field-label">{t('fields.role')}</label>
        <select
          id={roleId}
          className="kit-input"
          value={user.roleId ?? ''}
          disabled={busy || !flags.canManageUsers}
          onChange={(event) => chooseRole(Number(event.target.value))}
        >
          {user.roleId === null && <option value="">{t('details.noRole')}</option>}
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </select>
      </div>
      <div className="kit-field">
        <label htmlFor={levelId} className="kit-field-label">{t('fields.accessLevel')}</label>
        <select
          id={levelId}
          className="kit-input"
          value={user.accessLevel}
          disabled={busy || self || !levels.includes(user.accessLevel)}
          onChange={(event) => chooseLevel(event.target.value as UserAccessLevel)}
        >
          {(levels.includes(user.accessLevel) ? levels : [user.accessLevel]).map((level) => (
            <option key={level} value={level}>
              {t(`levels.${level}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}

/** The details tab: the edit form, the toggles, role and level, and Anonymise. */
export const DetailsTab = ({ user }: { user: AccountUser }) => {
  const { t } = useTranslation('users')
  const units = useUnit({
    busy: $busy,
    self: $isSelf,
    editable: $editable,
    mayAnonymise: $mayAnonymise,
    mayChangeIdentity: $mayChangeIdentity,
    maySendResetLink: $maySendResetLink,
    mayTurnOffTwoFactor: $mayTurnOffTwoFactor,
    sendResetLink: resetLinkClicked,
    toggleEnabled: enabledToggled,
    toggleTwoFactor: twoFactorToggled,
    toggleRemoval: removalToggled,
    anonymise: anonymiseClicked,
  })
  const { busy, self, editable, mayAnonymise, mayChangeIdentity, maySendResetLink, mayTurnOffTwoFactor } = units
  return (
    <Columns>
      <Card>
        <FormFrame form={editForm}>
          <div className="us-fields">
            <TextField
              form={editForm}
              name="username"
              label={t('fields.email')}
              type="email"
              autoComplete="off"
              disabled={!editable || !mayChangeIdentity}
            />
            <TextField form={editForm} name="acronym" label={t('fields.acronym')} disabled={!editable} />
            <TextField form={editForm} name="firstName" label={t('fields.firstName')} disabled={!editable} />
            <TextField form={editForm} name="lastName" label={t('fields.lastName')} disabled={!editable} />
          </div>
          {editable && !mayChangeIdentity && <p>{t('details.emailHint')}</p>}
          <FormError form={editForm} />
          {editable && <SubmitButton form={editForm}>{t('details.save')}</SubmitButton>}
        </FormFrame>
      </Card>
      <Card title={t('details.state')}>
        <div className="kit-stack">
          <Toggle label={t('fields.enabled')} checked={user.enabled} disabled={busy || self} onToggle={units.toggleEnabled} />
          {mayTurnOffTwoFactor ? (
            <Toggle label={t('fields.twoFactor')} checked={user.hasTwoFactor} disabled={busy} onToggle={units.toggleTwoFactor} />
          ) : (
            <p>{t(user.hasTwoFactor ? 'details.twoFactorOn' : 'details.twoFactorOff')}</p>
          )}
          <Toggle label={t('fields.removalRequested')} checked={user.removalRequested} disabled={busy || user.anonymous} onToggle={units.toggleRemoval} />
        </div>
      </Card>
      <Card title={t('details.roleAndLevel')}>
        <RoleAndLevel user={user} />
      </Card>
      {maySendResetLink && (
        <Card title={t('details.resetLink.title')}>
          <p>{t('details.resetLink.explain')}</p>
          <Button icon={KeyRound} disabled={busy} onClick={() => units.sendResetLink()}>
            {t('details.resetLink.button')}
          </Button>
        </Card>
      )}
      {mayAnonymise && (
        <Card title={t('details.anonymise.title')}>
          <p>{t('details.anonymise.explain')}</p>
          <Button variant="danger" icon={UserRoundX} disabled={busy} onClick={() => units.anonymise()}>
            {t('details.anonymise.button')}
          </Button>
        </Card>
      )}
    </Columns>
  )
}
