import {
  Alert,
  Badge,
  Button,
  Card,
  DeleteAction,
  EmptyState,
  LoadFailed,
  Skeleton,
  Table,
  type TableColumn,
  TextInput,
  TextLink,
} from '@app/module-kit'
import { useUnit } from 'effector-react'
import { ArrowLeft, KeyRound, Settings, Users } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProjectLevel, ProjectUser } from '../../../api'
import {
  $addError,
  $privileges,
  $canAdd,
  $lookup,
  $settingLevel,
  $user,
  $userError,
  $username,
  $users,
  $usersFailed,
  MIN_USERNAME,
  addClicked,
  levelSet,
  offeredLevels,
  removeConfirmed,
  userOpened,
  userRetried,
  usernameTyped,
  usersOpened,
  usersRetried,
} from './model'

export const userPath = (projectId: number, userId: number) => `/project/${projectId}/users/${userId}`

/** The add-company-user box: 4 or more characters that name an account user enable Add. */
const AddUser = () => {
  const { t } = useTranslation('projects')
  const { username, typed, lookup, canAdd, add, error } = useUnit({
    username: $username,
    typed: usernameTyped,
    lookup: $lookup,
    canAdd: $canAdd,
    add: addClicked,
    error: $addError,
  })
  const notFound = lookup === 'missing' || error === 'notFound'
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        add()
      }}
    >
      <TextInput
        label={t('users.addLabel')}
        value={username}
        onChange={typed}
        hint={notFound ? t('users.userNotFound') : t('users.addHint', { min: MIN_USERNAME })}
        action={
          <Button type="submit" variant="primary" disabled={!canAdd}>
            {t('users.add')}
          </Button>
        }
      />
      {error === 'failed' && (
        <Alert tone="error">
          <p>{t('users.addFailed')}</p>
        </Alert>
      )}
    </form>
  )
}

/** /project/{id}/users: the project's users, their levels, a settings link and removal. */
export const ProjectUsers = ({ projectId }: { projectId: number }) => {
  const { t } = useTranslation('projects')
  const { users, failed, opened, retry, remove, privileges } = useUnit({
    privileges: $privileges,
    users: $users,
    failed: $usersFailed,
    opened: usersOpened,
    retry: usersRetried,
    remove: removeConfirmed,
  })
  useEffect(() => {
    opened(projectId)
  }, [opened, projectId])
  const name = (user: ProjectUser) => user.username
  const columns: TableColumn<ProjectUser>[] = [
    { key: 'username', header: t('users.username'), rowHeader: true },
    { key: 'firstName', header: t('users.firstName') },
    { key: 'lastName', header: t('users.lastName') },
    { key: 'level', header: t('users.level'), render: (user) => <Badge>{t(`levels.${user.accessLevel}`)}</Badge> },
    {
      key: 'settings',
      header: t('users.settings'),
      render: (user) => (
        <TextLink to={userPath(projectId, user.userId)} aria-label={t('users.settingsOf', { name: name(user) })}>
          <Settings size={16} aria-hidden="true" /> {t('users.settings')}
        </TextLink>
      ),
    },
    {
      key: 'actions',
      header: <span className="kit-visually-hidden">{t('users.actions')}</span>,
      actions: true,
      render: (user) =>
        privileges?.mayRemoveUsers && (
        <DeleteAction
          label={t('users.remove', { name: name(user) })}
          question={{ title: t('users.removeTitle'), text: t('users.removeText', { name: name(user) }) }}
          onConfirmed={() => remove(user)}
        />
        ),
    },
  ]
  return (
    <div className="kit-stack">
      <AddUser />
      {failed ? (
        <LoadFailed text={t('users.failed')} onRetry={() => retry()} />
      ) : !users ? (
        <Skeleton />
      ) : users.length === 0 ? (
        <EmptyState icon={Users} text={t('users.empty')} />
      ) : (
        <Table columns={columns} rows={users} rowKey={(user) => user.userId} caption={t('users.caption', { count: users.length })} />
      )}
    </div>
  )
}

interface LevelRow {
  level: ProjectLevel | 'NONE'
}

/** /project/{id}/users/{userId}: the access-level table (Set saves at once) and the viewer credentials. */
export const ProjectUserPage = ({ projectId, userId }: { projectId: number; userId: number }) => {
  const { t } = useTranslation('projects')
  const { privileges, user, error, opened, retry, set, setting } = useUnit({
    privileges: $privileges,
    user: $user,
    error: $userError,
    opened: userOpened,
    retry: userRetried,
    set: levelSet,
    setting: $settingLevel,
  })
  useEffect(() => {
    opened({ projectId, userId })
  }, [opened, projectId, userId])
  const back = (
    <div>
      <Button to={`/project/${projectId}/users`} variant="ghost" icon={ArrowLeft}>
        {t('users.back')}
      </Button>
    </div>
  )
  if (error === 'notFound') return <div className="kit-stack">{back}<EmptyState icon={Users} title={t('users.userNotFoundTitle')} text={t('users.userNotFound')} /></div>
  if (error) return <div className="kit-stack">{back}<LoadFailed text={t('users.userFailed')} onRetry={() => retry()} /></div>
  if (!user || user.userId !== userId) return <Skeleton />
  const columns: TableColumn<LevelRow>[] = [
    { key: 'level', header: t('users.level'), rowHeader: true, render: (row) => t(`levels.${row.level}`) },
    { key: 'explain', header: t('users.allows'), render: (row) => t(`explain.${row.level}`) },
    {
      key: 'current',
      header: t('users.current'),
      render: (row) => (row.level === user.ownAccessLevel ? <Badge tone="success">{t('users.currentLevel')}</Badge> : ''),
    },
    {
      key: 'set',
      header: <span className="kit-visually-hidden">{t('users.actions')}</span>,
      actions: true,
      render: (row) => (
        <Button
          size="sm"
          disabled={row.level === user.ownAccessLevel || setting !== null}
          aria-busy={setting === row.level || undefined}
          aria-label={t('users.setLevel', { level: t(`levels.${row.level}`) })}
          onClick={() => set(row.level)}
        >
          {t('users.set')}
        </Button>
      ),
    },
  ]
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ')
  const levels = offeredLevels(privileges)
  return (
    <div className="kit-stack">
      {back}
      <Card title={t('users.accessOf', { name: fullName ? `${fullName} (${user.username})` : user.username })}>
        <div className="kit-stack">
          <p>
            {t('users.holds', { level: t(`levels.${user.accessLevel}`) })}
            {user.otherAccessLevel !== 'NONE' && ` ${t('users.other', { level: t(`levels.${user.otherAccessLevel}`) })}`}
          </p>
          {levels.length > 0 ? (
            <Table columns={columns} rows={levels.map((level) => ({ level }))} rowKey={(row) => row.level} caption={t('users.levelsCaption')} />
          ) : (
            <p className="projects-hint">{t('users.mayNotChange')}</p>
          )}
        </div>
      </Card>
      <Card title={t('users.credentials')}>
        <EmptyState icon={KeyRound} text={t('users.noCredentials')} />
      </Card>
    </div>
  )
}
