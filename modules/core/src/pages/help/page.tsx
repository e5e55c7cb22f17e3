import { useBreadcrumbs } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Manuals } from '../../manuals/manuals'
import { $contact, $contactFailed, helpOpened } from './model'

export const HelpPage = () => {
  const { t } = useTranslation('core')
  const { contact, failed, opened } = useUnit({ contact: $contact, failed: $contactFailed, opened: helpOpened })
  useEffect(() => opened(), [opened])
  // A `core:` key: the trail translates it when drawn, so it follows a language change.
  useBreadcrumbs([{ label: 'core:help.title' }])

  return (
    <div className="core-page">
      <h1>{t('help.title')}</h1>
      <section className="core-section" aria-labelledby="core-contact-title">
        <h2 id="core-contact-title">{t('help.contact.title')}</h2>
        <p>{t('help.contact.text')}</p>
        {contact && (
          <dl className="core-contact">
            <dt>{t('help.contact.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
            {contact.phone && (
              <>
                <dt>{t('help.contact.phone')}</dt>
                <dd>
                  <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
                </dd>
              </>
            )}
          </dl>
        )}
        {failed && <p role="alert">{t('help.contact.failed')}</p>}
      </section>
      <Manuals />
    </div>
  )
}
