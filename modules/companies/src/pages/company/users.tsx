import { EmptyState, Link, LoadFailed, Spinner } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZE } from '../../api'
import { Pager } from '../../table'
import { type CandidatePicker, MIN_CANDIDATE_TEXT } from './candidates.model'
import {
  $access,
  $accessFailed,
  $accessLoading,
  $adding,
  $users,
  $usersFailed,
  $usersLoading,
  accessOpened,
  accessPageChosen,
  accessPicker,
  accessRetried,
  accessUserChosen,
  addClicked,
  addPicker,
  removeClicked,
  userAccessPath,
  usersOpened,
  usersPageChosen,
  usersRetried,
} from './users.model'

interface CandidateBoxProps {
  picker: CandidatePicker
  /** Unique on the page: names the box's suggestions and hint. */
  id: string
  label: string
  button: string
  busy?: boolean
  onSubmit: () => void
}

/** An input that suggests account users from 4 characters; its button acts on an exact match only. */
const CandidateBox = ({ picker, id, label, button, busy = false, onSubmit }: CandidateBoxProps) => {
  const { t } = useTranslation('companies')
  const { text, candidates, match, typed } = useUnit({ text: picker.$text, candidates: picker.$candidates, match: picker.$match, typed: picker.typed })
  return (
    <form
      className="companies-add-user"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <label className="kit-field">
        <span className="kit-field-label">{label}</span>
        <input className="kit-input" list={`${id}-candidates`} value={text} aria-describedby={`${id}-hint`} onChange={(event) => typed(event.target.value)} />
      </label>
      <datalist id={`${id}-candidates`}>
        {candidates.map((user) => (
          <option key={user.userId} value={user.username}>{`${user.firstName} ${user.lastName}`}</option>
        ))}
      </datalist>
      <p id={`${id}-hint`} className="companies-hint">
        {t('users.addHint', { min: MIN_CANDIDATE_TEXT })}
      </p>
      <button type="submit" className="kit-button kit-button-primary" disabled={!match || busy}>
        {button}
      </button>
    </form>
  )
}

const AddUserBox = () => {
  const { t } = useTranslation('companies')
  const { adding, add } = useUnit({ adding: $adding, add: addClicked })
  return <CandidateBox picker={addPicker} id="companies-add-user" label={t('users.addLabel')} button={t('users.add')} busy={adding} onSubmit={add} />
}

export const UsersTab = ({ companyId }: { companyId: number }) => {
  const { t } = useTranslation('companies')
  const { page: loaded, failed, loading, opened, retry, choosePage, remove } = useUnit({
    page: $users,
    failed: $usersFailed,
    loading: $usersLoading,
    opened: usersOpened,
    retry: usersRetried,
    choosePage: usersPageChosen,
    remove: removeClicked,
  })
  useEffect(() => {
    opened(companyId)
  }, [opened, companyId])
  // A failure replaces the rows of an earlier answer.
  const page = failed ? null : loaded
  return (
    <section aria-labelledby="companies-users-title">
      <h2 id="companies-users-title">{t('tabs.users')}</h2>
      <AddUserBox />
      {failed && !loading && <LoadFailed text={t('users.failed')} onRetry={() => retry()} />}
      {loading && !page && <Spinner />}
      {page && !page.data.length && <EmptyState text={t('users.empty')} />}
      {page && page.data.length > 0 && (
        <>
          <table className="companies-table">
            <thead>
              <tr>
                <th scope="col">{t('users.username')}</th>
                <th scope="col">{t('users.firstName')}</th>
                <th scope="col">{t('users.lastName')}</th>
                <th scope="col">
                  <span className="kit-visually-hidden">{t('users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((user) => (
                <tr key={user.userId}>
                  <td>{user.username}</td>
                  <td>{user.firstName}</td>
                  <td>{user.lastName}</td>
                  <td>
                    <button type="button" className="kit-button" onClick={() => remove(user)}>
                      {t('users.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={Math.floor(page.skip / PAGE_SIZE) + 1} pages={Math.max(1, Math.ceil(page.total / PAGE_SIZE))} total={page.total} onPage={choosePage} />
        </>
      )}
    </section>
  )
}

export const AccessTab = ({ companyId }: { companyId: number }) => {
  const { t } = useTranslation('companies')
  const { page: loaded, failed, loading, opened, retry, choosePage, open } = useUnit({
    page: $access,
    failed: $accessFailed,
    loading: $accessLoading,
    opened: accessOpened,
    retry: accessRetried,
    choosePage: accessPageChosen,
    open: accessUserChosen,
  })
  useEffect(() => {
    opened(companyId)
  }, [opened, companyId])
  // A failure replaces the rows of an earlier answer.
  const page = failed ? null : loaded
  return (
    <section aria-labelledby="companies-access-title">
      <h2 id="companies-access-title">{t('tabs.useraccess')}</h2>
      <CandidateBox picker={accessPicker} id="companies-access-user" label={t('access.openLabel')} button={t('access.open')} onSubmit={open} />
      {failed && !loading && <LoadFailed text={t('access.failed')} onRetry={() => retry()} />}
      {loading && !page && <Spinner />}
      {page && !page.data.length && <EmptyState text={t('access.empty')} />}
      {page && page.data.length > 0 && (
        <>
          <table className="companies-table">
            <caption className="kit-visually-hidden">{t('access.caption', { count: page.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.username')}</th>
                <th scope="col">{t('users.firstName')}</th>
                <th scope="col">{t('users.lastName')}</th>
                <th scope="col">{t('access.level')}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((user) => (
                <tr key={user.userId}>
                  <th scope="row">
                    <Link to={userAccessPath(companyId, user.userId)}>{user.username}</Link>
                  </th>
                  <td>{user.firstName}</td>
                  <td>{user.lastName}</td>
                  <td>{t(`access.levels.${user.action}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={Math.floor(page.skip / PAGE_SIZE) + 1} pages={Math.max(1, Math.ceil(page.total / PAGE_SIZE))} total={page.total} onPage={choosePage} />
        </>
      )}
    </section>
  )
}
