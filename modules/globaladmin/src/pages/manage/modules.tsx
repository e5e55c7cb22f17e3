import { Button, Checkbox, Dialog, Spinner } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { $modules, $modulesAccount, $modulesLoading, $modulesSaving, modulesClosed, modulesSaved, moduleToggled } from './modules.model'

/** The module switches of one account; core is always on. */
export const ModulesDialog = () => {
  const { t } = useTranslation('globaladmin')
  const { account, modules, loading, saving, toggled, saved, closed } = useUnit({
    account: $modulesAccount,
    modules: $modules,
    loading: $modulesLoading,
    saving: $modulesSaving,
    toggled: moduleToggled,
    saved: modulesSaved,
    closed: modulesClosed,
  })
  if (!account) return null
  return (
    <Dialog
      title={t('modules.title', { company: account.company })}
      size="lg"
      onClose={closed}
      actions={
        <>
          <Button onClick={() => closed()}>{t('cancel')}</Button>
          <Button variant="primary" disabled={loading || saving} aria-busy={saving} onClick={() => saved()}>
            {t('modules.save')}
          </Button>
        </>
      }
    >
      {loading ? (
        <Spinner />
      ) : (
        <ul className="ga-switches">
          {modules.map((module) => (
            <li key={module.id}>
              <Checkbox
                label={t(`modules.names.${module.id}`, { defaultValue: module.id })}
                checked={module.enabled}
                disabled={module.alwaysOn || saving}
                onChange={() => toggled(module.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
