/** The "privileges per user" section of the roles tab: a user picker, then the kit's grant editor for the chosen user. */
import { ChooseButton, DataTable, EmptyState, GrantEditor, ListFilter } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import type { UserChoice } from '../../api'
import { $user, userChosen, userGrants, userPicker } from './user-privileges.model'

const fullName = (user: UserChoice) => `${user.firstName} ${user.lastName}`

const UserPicker = () => {
  const { t } = useTranslation('admin')
  const { user, choose } = useUnit({ user: $user, choose: userChosen })
  return (
    <div className="roles-picker">
      <ListFilter list={userPicker} label={t('userPrivileges.findUser')} />
      <DataTable
        list={userPicker}
        caption={t('userPrivileges.users')}
        emptyText={t('userPrivileges.noUsers')}
        rowKey={(row) => row.id}
        columns={[
          { key: 'lastName', sortable: true, rowHeader: true, header: t('userPrivileges.name'), render: fullName },
          { key: 'username', header: t('userPrivileges.email') },
          { key: 'acronym', header: t('userPrivileges.acronym') },
          {
            key: 'choose',
            header: t('common.actions'),
            render: (row) => (
              <ChooseButton label={t('userPrivileges.chooseUser', { name: fullName(row) })} chosen={row.id === user?.id} onChoose={() => choose(row)} />
            ),
          },
        ]}
      />
    </div>
  )
}

export const UserPrivileges = () => {
  const { t } = useTranslation('admin')
  const user = useUnit($user)
  const title = user ? t('userPrivileges.of', { name: fullName(user) }) : ''
  return (
    <section className="admin-section" aria-labelledby="admin-user-privileges-title">
      <h2 id="admin-user-privileges-title">{t('userPrivileges.title')}</h2>
      <p className="admin-hint">{t('userPrivileges.hint')}</p>
      <UserPicker />
      {user ? (
        <div className="roles-user-grants">
          <h3>{title}</h3>
          <GrantEditor editor={userGrants} caption={title} />
        </div>
      ) : (
        <EmptyState text={t('userPrivileges.noUser')} />
      )}
    </section>
  )
}
