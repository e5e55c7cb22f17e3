import { Card, Columns, LoadFailed, Page, Skeleton, dashboardCrumb } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Manuals } from '../../manuals/manuals'
import { $contact, $contactFailed, $contactLoading, contactRetried, helpOpened } from './model'

/** The support's e-mail and phone as links; a skeleton while they load, the failure with Retry instead of them. */
const ContactDetails = () => {
  const { t } = useTranslation('core')
  const { contact, failed, loading, retry } = useUnit({ contact: $contact, failed: $contactFailed, loading: $contactLoading, retry: contactRetried })
  if (loading && !contact) return <Skeleton lines={2} />
  if (failed) return <LoadFailed text={t('help.contact.failed')} onRetry={() => retry()} />
  if (!contact) return null
  return (
    <dl className="core-contact">
      <dt>{t('help.contact.email')}</dt>
      <dd>
        <a className="kit-link" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      </dd>
      {contact.phone && (
        <>
          <dt>{t('help.contact.phone')}</dt>
          <dd>
            <a className="kit-link" href={`tel:${contact.phone.replace(/\s/g, '')}`}>
              {contact.phone}
            </a>
          </dd>
        </>
      )}
    </dl>
  )
}

export const HelpPage = () => {
  const { t } = useTranslation('core')
  const opened = useUnit(helpOpened)
  useEffect(() => opened(), [opened])

  return (
    // A `core:` key: the trail translates it when drawn, so it follows a language change.
    <Page title={t('help.title')} crumbs={[dashboardCrumb(), { label: 'core:help.title' }]}>
      <Columns>
        <Card title={t('help.contact.title')}>
          <p>{t('help.contact.text')}</p>
          <ContactDetails />
        </Card>
        <Manuals />
      </Columns>
    </Page>
  )
}
