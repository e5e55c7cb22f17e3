import { $flags, $session, Link, Spinner } from '@app/module-kit'
import { COMPANY_ACCESS_LEVELS, type UserAccess } from '@app/plugin-companies/shared'
import { ACCESS_LEVELS, type AccessLevel } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
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
  const units = useUnit({
    access: $userAccess,
    loadError: $loadError,
    chosen: $chosen,
    changed: $changed,
    saving: $saving,
    denied: $denied,
    session: $session,
    flags: $flags,
    opened: userAccessOpened,
    choose: levelChosen,
    save: saveClicked,
  })
  const valid = Number.isInteger(userId) && userId > 0
  useEffect(() => {
    if (valid) units.opened({ id: companyId, userId })
  }, [units.opened, companyId, userId, valid])

  const back = (
    <p>
      <Link to={`/companies/${companyId}/useraccess`}>{t('userAccess.back')}</Link>
    </p>
  )
  if (!valid || units.loadError === 'notFound')
    return (
      <section>
        {back}
        <p role="alert">{t('userAccess.userNotFound')}</p>
      </section>
    )
  if (units.loadError)
    return (
      <section>
        {back}
        <p role="alert">{t('userAccess.loadFailed')}</p>
      </section>
    )
  const access = units.access
  if (!access || access.userId !== userId) return <Spinner />

  // Company managers never change their own access; user managers may (the API says the same).
  const own = access.userId === units.session?.user.id && !units.flags.canManageUsers
  const locked = own || access.anonymous
  return (
    <section aria-labelledby="companies-user-access-title">
      {back}
      <h2 id="companies-user-access-title">{t('userAccess.title', { name: `${access.firstName} ${access.lastName}` })}</h2>
      <p>{access.username}</p>
      <p role="status">
        {access.action === 'NONE' ? t('userAccess.noAccess') : t('userAccess.current', { level: t(`access.levels.${access.action}`) })}
      </p>
      {access.otherAction !== 'NONE' && <p className="companies-hint">{t('userAccess.other', { level: t(`access.levels.${access.otherAction}`) })}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          units.save()
        }}
      >
        <fieldset className="companies-fieldset" disabled={locked || units.saving}>
          <legend>{t('userAccess.level')}</legend>
          {offeredLevels(access).map((level) => (
            <label key={level} className="kit-checkbox">
              <input type="radio" name="company-access" value={level} checked={units.chosen === level} onChange={() => units.choose(level)} />
              <span>
                {t(levelLabel(level))}
                {isNamedLevel(level) && level !== 'NONE' && <span className="companies-hint"> – {t(`userAccess.explain.${level}`)}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        {own && <p className="companies-hint">{t('userAccess.own')}</p>}
        {access.anonymous && <p className="companies-hint">{t('userAccess.anonymous')}</p>}
        {units.denied && <p role="alert">{t('userAccess.denied')}</p>}
        <div className="companies-actions">
          <button type="submit" className="kit-button kit-button-primary" disabled={locked || !units.changed || units.saving}>
            {t('userAccess.save')}
          </button>
        </div>
      </form>
    </section>
  )
}
