import { $flags, $session, CheckboxField, ErrorPage, FormError, FormFrame, Link, type RouteProps, SubmitButton, TextField, useBreadcrumbs } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
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
  useEffect(() => {
    opened({ accountId, id })
  }, [opened, accountId, id])
  useBreadcrumbs([
    { label: 'admin:settings.title', href: '/admin' },
    { label: 'admin:settings.tab.setup', href: `/admin/${accountId}/setup` },
    { label: id ? 'admin:documentType.editTitle' : 'admin:documentType.addTitle' },
  ])
  const own = accountId === session?.accountId
  if (!(flags.canManageAccounts || (own && flags.canManageSettings))) return <ErrorPage message="kit:status.403" />
  if (failed) return <ErrorPage message="kit:status.404" />
  const form = documentTypeForm
  return (
    <div className="admin-page">
      <h1>{id ? t('documentType.editTitle') : t('documentType.addTitle')}</h1>
      <section className="admin-section">
        {loaded?.global ? (
          <p role="alert">{t('documentType.builtIn')}</p>
        ) : (
          <FormFrame form={form}>
            <div className="admin-form">
              <TextField form={form} name="name" label={t('documentTypes.name')} />
              <TextField form={form} name="typeId" label={t('documentTypes.typeId')} />
              <CheckboxField form={form} name="active" label={t('documentTypes.active')} />
              <FormError form={form} />
              <p className="admin-actions">
                <SubmitButton form={form}>{t('common.save')}</SubmitButton>
                <Link to={`/admin/${accountId}/setup`} className="kit-button">
                  {t('common.cancel')}
                </Link>
              </p>
            </div>
          </FormFrame>
        )}
      </section>
    </div>
  )
}
