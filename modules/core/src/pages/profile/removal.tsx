import { $session } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toggleRemovalFx } from '../../api'
import { $removalKnown, $removalLoadFailed, $removalRequested, removalClicked, removalSectionOpened } from './removal.model'

export const RemovalSection = () => {
  const { t } = useTranslation('core')
  const { session, requested, known, loadFailed, pending, opened, clicked } = useUnit({
    session: $session,
    requested: $removalRequested,
    known: $removalKnown,
    loadFailed: $removalLoadFailed,
    pending: toggleRemovalFx.pending,
    opened: removalSectionOpened,
    clicked: removalClicked,
  })
  useEffect(() => opened(), [opened])
  return (
    <section className="core-section" aria-labelledby="core-removal-title">
      <h2 id="core-removal-title">{t('removal.title')}</h2>
      <p>{t('removal.text', { account: session?.accountName ?? '' })}</p>
      {loadFailed && <p role="alert">{t('removal.loadFailed')}</p>}
      <button type="button" className="kit-button core-danger" disabled={pending || !known} onClick={() => clicked()}>
        {t(requested ? 'removal.withdraw' : 'removal.request')}
      </button>
    </section>
  )
}
