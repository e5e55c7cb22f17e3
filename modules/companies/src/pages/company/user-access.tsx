import { $flags, $session, Alert, Button, Card, EmptyState, LoadFailed, RadioGroup, Skeleton } from '@app/module-kit'
import { COMPANY_ACCESS_LEVELS, type UserAccess } from '@app/plugin-companies/shared'
import { ACCESS_LEVELS, type AccessLevel } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { ArrowLeft, UserX } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { $changed, $chosen, $denied, $loadError, $saving, $userAccess, levelChosen, saveClicked, userAccessOpened } from './user-access.model'

/** None, and the two company levels of the spec (part1 §3): what the page gives. */
const isNamedLevel = (level: AccessLevel) => level === 'NONE' || (COMPANY_ACCESS_LEVELS as readonly string[]).includes(level)

/** The levels the page offers, lowest first, with the user's own grant when it is another one (set in the settings). */
export const offeredLevels = (access: UserAccess): AccessLevel[] => ACCESS_LEVELS.filter((level) => isNamedLevel(level) || level === access.ownAction)

const levelLabel = (level: AccessLevel) => (isNamedLevel(level) ? `userAccess.levels.${level}` : `access.levels.${level}`)

export const UserAccessPage = ({ companyId, userId }: { companyId: number; userId: number }) => {
  const { t } = useTranslation('companies')
  const units = useUnit({ access: $userAccess, loadError: $loadError, opened: userAccessOpened })
  const valid = Number.isInteger(userId) && userId > 0
  const open = units.opened
  useEffect(() => {
    if (valid) open({ id: companyId, userId })
  }, [open, companyId, userId, valid])

  const back = (
    <Button to={`/companies/${companyId}/useraccess`} variant="ghost" size="sm" icon={ArrowLeft}>
      {t('userAccess.back')}
    </Button>
  )
  const access = units.access
  const body = () => {
    if (!valid || units.loadError === 'notFound') return <EmptyState icon={UserX} text={t('userAccess.userNotFound')} />
    if (units.loadError) return <LoadFailed text={t('userAccess.loadFailed')} onRetry={() => open({ id: companyId, userId })} />
    if (!access || access.userId !== userId) return <Skeleton />
    return <AccessForm access={access} />
  }
  return (
    <div className="kit-stack">
      <div>{back}</div>
      {body()}
    </div>
  )
}

const AccessForm = ({ access }: { access: UserAccess }) => {
  const { t } = useTranslation('companies')
  const units = useUnit({
    chosen: $chosen,
    changed: $changed,
    saving: $saving,
    denied: $denied,
    session: $session,
    flags: $flags,
    choose: levelChosen,
    save: saveClicked,
  })
  // Company managers never change their own access; user managers may (the API says the same).
  const own = access.userId === units.session?.user.id && !units.flags.canManageUsers
  const locked = own || access.anonymous
  return (
    <Card title={t('userAccess.title', { name: `${access.firstName} ${access.lastName}` })}>
      <div className="kit-stack">
        <p className="companies-hint">{access.username}</p>
        <p role="status">
          {access.action === 'NONE' ? t('userAccess.noAccess') : t('userAccess.current', { level: t(`access.levels.${access.action}`) })}
        </p>
        {access.otherAction !== 'NONE' && <p className="companies-hint">{t('userAccess.other', { level: t(`access.levels.${access.otherAction}`) })}</p>}
        <form
          className="kit-stack"
          onSubmit={(event) => {
            event.preventDefault()
            units.save()
          }}
        >
          <RadioGroup
            legend={t('userAccess.level')}
            value={units.chosen}
            disabled={locked || units.saving}
            options={offeredLevels(access).map((level) => ({
              value: level,
              label: t(levelLabel(level)),
              hint: isNamedLevel(level) && level !== 'NONE' ? t(`userAccess.explain.${level}`) : undefined,
            }))}
            onChange={(level) => units.choose(level as AccessLevel)}
          />
          {own && (
            <Alert tone="info">
              <p>{t('userAccess.own')}</p>
            </Alert>
          )}
          {access.anonymous && (
            <Alert tone="info">
              <p>{t('userAccess.anonymous')}</p>
            </Alert>
          )}
          {units.denied && (
            <Alert tone="error">
              <p>{t('userAccess.denied')}</p>
            </Alert>
          )}
          <div>
            <Button type="submit" variant="primary" disabled={locked || !units.changed || units.saving}>
              {t('userAccess.save')}
            </Button>
          </div>
        </form>
      </div>
    </Card>
  )
}
