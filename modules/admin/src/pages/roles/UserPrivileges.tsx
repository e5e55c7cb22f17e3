/** The "privileges per user" section of the roles tab: a user picker whose names lead to each user's access page. */
import { Card, DataTable, ListFilter, TextLink } from '@app/module-kit'
import { useTranslation } from 'react-i18next'
import type { UserChoice } from '../../api'
import { userAccessPath, userPicker } from './user-privileges.model'

const fullName = (user: UserChoice) => `${user.firstName} ${user.lastName}`

export const UserPrivileges = () => {
  const { t } = useTranslation('admin')
  return (
    <Card title={t('userPrivileges.title')}>
      <p className="admin-hint">{t('userPrivileges.hint')}</p>
      <div className="kit-stack">
        <ListFilter list={userPicker} label={t('userPrivileges.findUser')} />
        <DataTable
          list={userPicker}
          caption={t('userPrivileges.users')}
          emptyText={t('userPrivileges.noUsers')}
          rowKey={(row) => row.id}
          columns={[
            {
              key: 'lastName',
              sortable: true,
              rowHeader: true,
              header: t('userPrivileges.name'),
              // The name leads to the page: on a phone, where the table scrolls sideways, it is the first thing in the row.
              render: (row) => (
                <TextLink to={userAccessPath(row)} aria-label={t('userPrivileges.openOf', { name: fullName(row) })}>
                  {fullName(row)}
                </TextLink>
              ),
            },
            { key: 'username', header: t('userPrivileges.email') },
            { key: 'acronym', header: t('userPrivileges.acronym') },
          ]}
        />
      </div>
    </Card>
  )
}
