import { $flags, Button, Card, Checkbox, Columns, FormError, FormFrame, FormGrid, Select, SubmitButton, TextField } from '@app/module-kit'
import type { UserAccessLevel } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { KeyRound, UserRoundX } from 'lucide-react'
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

const RoleAndLevel = ({ user }: { user: AccountUser }) => {
  const { t } = useTranslation('users')
  const { roles, levels, busy, flags, self, chooseRole, chooseLevel } = useUnit({
    roles: $roles,
    levels: $levels,
    busy: $busy,
    flags: $flags,
    self: $isSelf,
    chooseRole: roleChosen,
    chooseLevel: levelChosen,
  })
  // A level the caller may not give is shown alone, and the choice is held.
  const levelChoosable = levels.includes(user.accessLevel)
  return (
    <FormGrid>
      <Select
        label={t('fields.role')}
        value={String(user.roleId ?? '')}
        options={roles.map((role) => ({ value: String(role.id), label: role.name }))}
        empty={user.roleId === null ? t('details.noRole') : undefined}
        disabled={busy || !flags.canManageUsers}
        onChange={(id) => chooseRole(Number(id))}
      />
      <Select
        label={t('fields.accessLevel')}
        value={user.accessLevel}
        options={(levelChoosable ? levels : [user.accessLevel]).map((level) => ({ value: level, label: t(`levels.${level}`) }))}
        disabled={busy || self || !levelChoosable}
        onChange={(level) => chooseLevel(level as UserAccessLevel)}
      />
    </FormGrid>
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
          <FormGrid>
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
          </FormGrid>
          {editable && !mayChangeIdentity && <p>{t('details.emailHint')}</p>}
          <FormError form={editForm} />
          {editable && <SubmitButton form={editForm}>{t('details.save')}</SubmitButton>}
        </FormFrame>
      </Card>
      <Card title={t('details.state')}>
        <div className="kit-stack">
          <Checkbox switch label={t('fields.enabled')} checked={user.enabled} disabled={busy || self} onChange={() => units.toggleEnabled()} />
          {mayTurnOffTwoFactor ? (
            <Checkbox switch label={t('fields.twoFactor')} checked={user.hasTwoFactor} disabled={busy} onChange={() => units.toggleTwoFactor()} />
          ) : (
            <p>{t(user.hasTwoFactor ? 'details.twoFactorOn' : 'details.twoFactorOff')}</p>
          )}
          <Checkbox
            switch
            label={t('fields.removalRequested')}
            checked={user.removalRequested}
            disabled={busy || user.anonymous}
            onChange={() => units.toggleRemoval()}
          />
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
