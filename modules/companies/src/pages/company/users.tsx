import { EmptyState, Spinner } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZE } from '../../api'
import { Pager } from '../../table'
import {
  $access,
  $accessFailed,
  $accessLoading,
  $adding,
  $candidateText,
  $candidates,
  $match,
  $users,
  $usersFailed,
  $usersLoading,
  MIN_CANDIDATE_TEXT,
  accessOpened,
  addClicked,
  candidateTyped,
  removeClicked,
  usersOpened,
  usersPageChosen,
} from './users.model'

const AddUserBox = () => {
  const { t } = useTranslation('companies')
  const { text, candidates, match, adding, typed, add } = useUnit({
    text: $candidateText,
    candidates: $candidates,
    match: $match,
    adding: $adding,
    typed: candidateTyped,
    add: addClicked,
  })
  return (
    <form
      className="companies-add-user"
      onSubmit={(event) => {
        event.preventDefault()
        add()
      }}
    >
      <label className="kit-field">
        <span className="kit-field-label">{t('users.addLabel')}</span>
        <input
          className="kit-input"
          list="companies-candidates"
          value={text}
          aria-describedby="companies-add-user-hint"
          onChange={(event) => typed(event.target.value)}
        />
      </label>
      <datalist id="companies-candidates">
        {candidates.map((user) => (
          <option key={user.userId} value={user.username}>{`${user.firstName} ${user.lastName}`}</option>
        ))}
      </datalist>
      <p id="companies-add-user-hint" className="companies-hint">
        {t('users.addHint', { min: MIN_CANDIDATE_TEXT })}
      </p>
      <button type="submit" className="kit-button kit-button-primary" disabled={!match || adding}>
        {t('users.add')}
      </button>
    </form>
  )
}

export const UsersTab = ({ companyId }: { companyId: number }) => {
  const { t } = useTranslation('companies')
  const { page, failed, loading, opened, choosePage, remove } = useUnit({
    page: $users,
    failed: $usersFailed,
    loading: $usersLoading,
    opened: usersOpened,
    choosePage: usersPageChosen,
    remove: removeClicked,
  })
  useEffect(() => {
    opened(companyId)
  }, [opened, companyId])
  return (
    <section aria-labelledby="companies-users-title">
      <h2 id="companies-users-title">{t('tabs.users')}</h2>
      <AddUserBox />
      {failed && <p role="alert">{t('users.failed')}</p>}
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
  const { page, failed, loading, opened } = useUnit({ page: $access, failed: $accessFailed, loading: $accessLoading, opened: accessOpened })
  useEffect(() => {
    opened(companyId)
  }, [opened, companyId])
  return (
    <section aria-labelledby="companies-access-title">
      <h2 id="companies-access-title">{t('tabs.useraccess')}</h2>
      {failed && <p role="alert">{t('access.failed')}</p>}
      {loading && !page && <Spinner />}
      {page && !page.data.length && <EmptyState text={t('access.empty')} />}
      {page && page.data.length > 0 && (
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
                <td>{user.username}</td>
                <td>{user.firstName}</td>
                <td>{user.lastName}</td>
                <td>{t(`access.levels.${user.action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
