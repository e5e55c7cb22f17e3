import { Badge, Button, DeleteAction, type TableColumn, TextInput, TextLink } from '@app/module-kit'
import type { CompanyUser } from '@app/plugin-companies/shared'
import { useUnit } from 'effector-react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedTable } from '../../table'
import { type CandidatePicker, MIN_CANDIDATE_TEXT } from './candidates.model'
import {
  $adding,
  type PeopleList,
  accessList,
  accessPicker,
  accessUserChosen,
  addClicked,
  addPicker,
  removable,
  removeConfirmed,
  userAccessPath,
  usersList,
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
  const { text, candidates, match, typed } = useUnit({ text: picker.$text, candidates: picker.$candidates, match: picker.$match, typed: picker.typed })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <TextInput
        label={label}
        value={text}
        onChange={typed}
        hint={t('users.addHint', { min: MIN_CANDIDATE_TEXT })}
        suggestions={candidates.map((user) => ({ value: user.username, label: `${user.firstName} ${user.lastName}` }))}
        action={
          <Button type="submit" variant="primary" disabled={!match || busy}>
            {button}
          </Button>
        }
      />
    </form>
  )
}

interface PeopleTableProps<Row extends CompanyUser> {
  companyId: number
  list: PeopleList<Row>
  /** The texts' group in the namespace: its caption, failure and empty state. */
  texts: 'users' | 'access'
  /** The username cell, which names the row. */
  username: (row: Row) => ReactNode
  /** The columns after the names. */
  more: TableColumn<Row>[]
}

/** A tab's server-paged table of the company's people: the names, then the tab's own columns. */
const PeopleTable = <Row extends CompanyUser>({ companyId, list, texts, username, more }: PeopleTableProps<Row>) => {
  const { t } = useTranslation('companies')
  const { page, failed, loading, opened, retry, choosePage } = useUnit({
    page: list.$page,
    failed: list.$failed,
    loading: list.$loading,
    opened: list.opened,
    retry: list.retried,
    choosePage: list.pageChosen,
  })
  useEffect(() => {
    opened(companyId)
  }, [opened, companyId])
  const columns: TableColumn<Row>[] = [
    { key: 'username', header: t('users.username'), render: username, rowHeader: true },
    { key: 'firstName', header: t('users.firstName'), render: (user) => user.firstName },
    { key: 'lastName', header: t('users.lastName'), render: (user) => user.lastName },
    ...more,
  ]
  return (
    <PagedTable
      caption={t(`${texts}.caption`, { count: page?.total ?? 0 })}
      columns={columns}
      rowKey={(user) => user.userId}
      page={page}
      loading={loading}
      failedText={failed ? t(`${texts}.failed`) : null}
      emptyText={t(`${texts}.empty`)}
      onRetry={() => retry()}
      onPage={choosePage}
    />
  )
}

export const UsersTab = ({ companyId }: { companyId: number }) => {
  const { t } = useTranslation('companies')
  const { adding, add, remove } = useUnit({ adding: $adding, add: addClicked, remove: removeConfirmed })
  return (
    <div className="kit-stack">
      <CandidateBox picker={addPicker} label={t('users.addLabel')} button={t('users.add')} busy={adding} onSubmit={add} />
      <PeopleTable
        companyId={companyId}
        list={usersList}
        texts="users"
        username={(user) => user.username}
        more={[
          {
            key: 'actions',
            header: <span className="kit-visually-hidden">{t('users.actions')}</span>,
            actions: true,
            render: (user) =>
              removable(user) && (
                <DeleteAction
                  label={t('users.removeUser', { name: user.username })}
                  question={{ title: t('users.removeTitle'), text: t('users.removeText', { name: user.username }) }}
                  onConfirmed={() => remove(user)}
                />
              ),
          },
        ]}
      />
    </div>
  )
}

export const AccessTab = ({ companyId }: { companyId: number }) => {
  const { t } = useTranslation('companies')
  const open = useUnit(accessUserChosen)
  return (
    <div className="kit-stack">
      <CandidateBox picker={accessPicker} label={t('access.openLabel')} button={t('access.open')} onSubmit={open} />
      <PeopleTable
        companyId={companyId}
        list={accessList}
        texts="access"
        username={(user) => <TextLink to={userAccessPath(companyId, user.userId)}>{user.username}</TextLink>}
        more={[{ key: 'level', header: t('access.level'), render: (user) => <Badge>{t(`access.levels.${user.action}`)}</Badge> }]}
      />
    </div>
  )
}
