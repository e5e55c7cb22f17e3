import { Link } from '@app/module-kit'
import { useTranslation } from 'react-i18next'

/** The users tab: the user screens live in the users remote at /users. */
export const UsersTab = () => {
  const { t } = useTranslation('admin')
  return (
    <section className="admin-section" aria-labelledby="admin-users-title">
      <h2 id="admin-users-title">{t('users.title')}</h2>
      <p>{t('users.text')}</p>
      <p className="admin-actions">
        <Link to="/users" className="kit-button kit-button-primary">
          {t('users.open')}
        </Link>
        <Link to="/users/add" className="kit-button">
          {t('users.add')}
        </Link>
      </p>
    </section>
  )
}
