import { Button, Card } from '@app/module-kit'
import { UserPlus, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** The users tab: the user screens live in the users remote at /users. */
export const UsersTab = () => {
  const { t } = useTranslation('admin')
  return (
    <Card title={t('users.title')}>
      <p>{t('users.text')}</p>
      <div className="kit-row">
        <Button to="/users" variant="primary" icon={Users}>
          {t('users.open')}
        </Button>
        <Button to="/users/add" icon={UserPlus}>
          {t('users.add')}
        </Button>
      </div>
    </Card>
  )
}
