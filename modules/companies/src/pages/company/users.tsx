import { Badge, Button, DeleteAction, TextLink } from '@app/module-kit'
import type { CompanyUser, CompanyUserWithAccess } from '@app/plugin-companies/shared'
import { useUnit } from 'effector-react'
import { type ReactNode, useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { type Column, PagedTable } from '../../table'
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
  removable,
  removeConfirmed,
  userAccessPath,
  usersOpened,
  usersPageChosen,
  usersRetried,
} from './users.model'

interface CandidateBoxProps {
  picker: CandidatePicker
  label: string
  button: string
  busy?: boolean
  onSubmit: () => void
}

/** An input that suggests account users from 4 characters; its button acts on an exact match only. */
const CandidateBox = ({ picker, label, button, busy = false, onSubmit }: CandidateBoxProps) => {
  const { t } = useTranslation('companies')
  const id = useId()
  const { text, candidates, match, typed } = useUnit({ text: picker.$text, candidates: picker.$candidates, match: picker.$match, typed: picker.typed })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <div className="companies-picker">
        <div className="kit-field">
          <label htmlFor={`${id}-input`} className="kit-field-label">
            {label}
          </label>
          <input
            id={`${id}-input`}
            className="kit-input"
            list={`${id}-candidates`}
            value={text}
            aria-describedby={`${id}-hint`}
            onChange={(event) => typed(event.target.value)}
          />
        </div>
        <Button type="submit" variant="primary" disabled={!match || busy}>
          {button}
        </Button>
      </div>
      <datalist id={`${id}-candidates`}>
        {candidates.map((user) => (
          <option key={user.userId} value={user.username}>{`${user.firstName} ${user.lastName}`}</option>
        ))}
      </datalist>
      <p id={`${id}-hint`} className="companies-hint">
        {t('users.addHint', { min: MIN_CANDIDATE_TEXT })}
      </p>
    </form>
  )
}

const nameColumns = <Row extends CompanyUser>(t: (key: string) => string, username: (row: Row) => ReactNode): Column<Row>[] => [
  { key: 'username', header: t('users.username'), cell: username, rowHeader: true },
  { key: 'firstName', header: t('users.firstName'), cell: (user) => user.firstName },
  { key: 'lastName', header: t('users.lastName'), cell: (user) => user.lastName },
]

export const UsersTab = ({ companyId }: { companyId: number }) => {
  const { t } = useTranslation('companies')
  const { page, failed, loading, adding, opened, retry, choosePage, add, remove } = useUnit({
    page: $users,
    failed: $usersFailed,
    loading: $usersLoading,
    adding: $adding,
    opened: usersOpened,
    retry: usersRetried,
    choosePage: usersPageChosen,
    add: addClicked,
    remove: removeConfirmed,
  })
  useEffect(() => {
    opened(companyId)
  }, [opened, companyId])
  const columns: Column<CompanyUser>[] = [
    ...nameColumns<CompanyUser>(t, (user) => user.username),
    {
      key: 'actions',
      header: <span className="kit-visually-hidden">{t('users.actions')}</span>,
      cell: (user) =>
        removable(user) && (
        <DeleteAction
          label={t('users.removeUser', { name: user.username })}
          question={{ title: t('users.removeTitle'), text: t('users.removeText', { name: user.username }) }}
          onConfirmed={() => remove(user)}
        />
      ),
    },
  ]
  return (
    <div className="kit-stack">
      <CandidateBox picker={addPicker} label={t('users.addLabel')} button={t('users.add')} busy={adding} onSubmit={add} />
      <PagedTable
        caption={t('users.caption', { count: page?.total ?? 0 })}
        columns={columns}
        rowKey={(user) => user.userId}
        page={page}
        loading={loading}
        failedText={failed ? t('users.failed') : null}
        emptyText={t('users.empty')}
        onRetry={() => retry()}
        onPage={choosePage}
      />
    </div>
  )
}

export const AccessTab = ({ companyId }: { companyId: number }) => {
  const { t } = useTranslation('companies')
  const { page, failed, loading, opened, retry, choosePage, open } = useUnit({
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
  const columns: Column<CompanyUserWithAccess>[] = [
    ...nameColumns<CompanyUserWithAccess>(t, (user) => <TextLink to={userAccessPath(companyId, user.userId)}>{user.username}</TextLink>),
    { key: 'level', header: t('access.level'), cell: (user) => <Badge>{t(`access.levels.${user.action}`)}</Badge> },
  ]
  return (
    <div className="kit-stack">
      <CandidateBox picker={accessPicker} label={t('access.openLabel')} button={t('access.open')} onSubmit={open} />
      <PagedTable
        caption={t('access.caption', { count: page?.total ?? 0 })}
        columns={columns}
        rowKey={(user) => user.userId}
        page={page}
        loading={loading}
        failedText={failed ? t('access.failed') : null}
        emptyText={t('access.empty')}
        onRetry={() => retry()}
        onPage={choosePage}
      />
    </div>
  )
}
