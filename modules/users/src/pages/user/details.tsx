import { $flags, FormError, FormFrame, SubmitButton, TextField } from '@app/module-kit'
import type { UserAccessLevel } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountUser } from '../../api'
import {
  $busy,
  $isSelf,
  $levels,
  $mayChangeIdentity,
  $maySendResetLink,
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
      <label htmlFor={id}>{label}</label>
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
    <div className="us-form">
      <div className="kit-field">
        <label htmlFor={roleId}>{t('fields.role')}</label>
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
        <label htmlFor={levelId}>{t('fields.accessLevel')}</label>
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
  const { busy, self, mayChangeIdentity, maySendResetLink, toggleEnabled, toggleTwoFactor, toggleRemoval, sendResetLink, anonymise } = useUnit({
    busy: $busy,
    self: $isSelf,
    mayChangeIdentity: $mayChangeIdentity,
    maySendResetLink: $maySendResetLink,
    sendResetLink: resetLinkClicked,
    toggleEnabled: enabledToggled,
    toggleTwoFactor: twoFactorToggled,
    toggleRemoval: removalToggled,
    anonymise: anonymiseClicked,
  })
  return (
    <div className="us-details">
      <FormFrame form={editForm}>
        <div className="us-form">
          <TextField form={editForm} name="username" label={t('fields.email')} type="email" autoComplete="off" disabled={!mayChangeIdentity} />
          {!mayChangeIdentity && <p className="us-note">{t('details.emailHint')}</p>}
          <TextField form={editForm} name="firstName" label={t('fields.firstName')} />
          <TextField form={editForm} name="lastName" label={t('fields.lastName')} />
          <TextField form={editForm} name="acronym" label={t('fields.acronym')} />
          <FormError form={editForm} />
          <div className="us-buttons">
            <SubmitButton form={editForm}>{t('details.save')}</SubmitButton>
          </div>
        </div>
      </FormFrame>
      <h2>{t('details.state')}</h2>
      <Toggle label={t('fields.enabled')} checked={user.enabled} disabled={busy || self} onToggle={toggleEnabled} />
      {mayChangeIdentity ? (
        <Toggle label={t('fields.twoFactor')} checked={user.hasTwoFactor} disabled={busy} onToggle={toggleTwoFactor} />
      ) : (
        <p className="us-note">{t(user.hasTwoFactor ? 'details.twoFactorOn' : 'details.twoFactorOff')}</p>
      )}
      <Toggle label={t('fields.removalRequested')} checked={user.removalRequested} disabled={busy || user.anonymous} onToggle={toggleRemoval} />
      {maySendResetLink && (
        <div className="us-form">
          <p>{t('details.resetLink.explain')}</p>
          <button type="button" className="kit-button" disabled={busy} onClick={() => sendResetLink()}>
            {t('details.resetLink.button')}
          </button>
        </div>
      )}
      <RoleAndLevel user={user} />
      {!self && (
        <div className="us-danger">
          <h2>{t('details.anonymise.title')}</h2>
          <p>{t('details.anonymise.explain')}</p>
          <button type="button" className="kit-button us-danger-button" disabled={busy} onClick={() => anonymise()}>
            {t('details.anonymise.button')}
          </button>
        </div>
      )}
    </div>
  )
}
