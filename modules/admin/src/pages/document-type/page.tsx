import { $flags, $session, Alert, Button, Card, CheckboxField, FormError, FormFrame, FormGrid, Page, type RouteProps, SubmitButton, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { settingsCrumbs } from '../settings/page'
import { $loadFailed, $loaded, documentTypeForm, documentTypeOpened } from './model'

/** /admin/{accountId}/setup/add-document-type and /edit-document-type/{documentTypeId}. */
export const DocumentTypePage = ({ params }: RouteProps) => {
  const { t } = useTranslation('admin')
  const { flags, session, opened, loaded, failed } = useUnit({
    flags: $flags,
    session: $session,
    opened: documentTypeOpened,
    loaded: $loaded,
    failed: $loadFailed,
  })
  const accountId = Number(params.accountId)
  const id = params.documentTypeId ? Number(params.documentTypeId) : null
  const allowed = flags.canManageAccounts || (accountId === session?.accountId && flags.canManageSettings)
  // Another account's setup is for global admins only: nothing is loaded for anyone else.
  useEffect(() => {
    if (allowed) opened({ accountId, id })
  }, [allowed, opened, accountId, id])
  const setupPath = `/admin/${accountId}/setup`
  const title = id ? t('documentType.editTitle') : t('documentType.addTitle')
  const form = documentTypeForm
  return (
    <Page
      title={title}
      crumbs={[...settingsCrumbs(), { label: 'admin:settings.tab.setup', href: setupPath }, { label: id ? 'admin:documentType.editTitle' : 'admin:documentType.addTitle' }]}
      forbidden={!allowed}
      loading={id !== null && !loaded && !failed}
      error={failed ? t('documentType.loadFailed') : null}
      onRetry={() => opened({ accountId, id })}
    >
      <Card>
        {loaded?.global ? (
          <Alert tone="info" actions={<Button to={setupPath}>{t('documentType.back')}</Button>}>
            <p>{t('documentType.builtIn')}</p>
          </Alert>
        ) : (
          <FormFrame form={form}>
            <FormGrid>
              <TextField form={form} name="name" label={t('documentTypes.name')} />
              <TextField form={form} name="typeId" label={t('documentTypes.typeId')} />
              <CheckboxField form={form} name="active" label={t('documentTypes.active')} />
              <FormError form={form} />
            </FormGrid>
            <div className="kit-row">
              <SubmitButton form={form}>{t('common.save')}</SubmitButton>
              <Button to={setupPath}>{t('common.cancel')}</Button>
            </div>
          </FormFrame>
        )}
      </Card>
    </Page>
  )
}
