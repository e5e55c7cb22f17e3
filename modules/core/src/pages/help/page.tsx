import { Alert, Card, Columns, Page, dashboardCrumb } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Manuals } from '../../manuals/manuals'
import { $contact, $contactFailed, helpOpened } from './model'

export const HelpPage = () => {
  const { t } = useTranslation('core')
  const { contact, failed, opened } = useUnit({ contact: $contact, failed: $contactFailed, opened: helpOpened })
  useEffect(() => opened(), [opened])

  return (
    // A `core:` key: the trail translates it when drawn, so it follows a language change.
    <Page title={t('help.title')} crumbs={[dashboardCrumb(), { label: 'core:help.title' }]}>
      <Columns>
        <Card title={t('help.contact.title')}>
          <p>{t('help.contact.text')}</p>
          {contact && (
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
          )}
          {failed && (
            <Alert tone="error">
              <p>{t('help.contact.failed')}</p>
            </Alert>
          )}
        </Card>
        <Manuals />
      </Columns>
    </Page>
  )
}
