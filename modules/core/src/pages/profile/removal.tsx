import { $session } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { toggleRemovalFx } from '../../api'
import { $removalRequested, removalClicked } from './removal.model'

export const RemovalSection = () => {
  const { t } = useTranslation('core')
  const { session, requested, pending, clicked } = useUnit({
    session: $session,
    requested: $removalRequested,
    pending: toggleRemovalFx.pending,
    clicked: removalClicked,
  })
  return (
    <section className="core-section" aria-labelledby="core-removal-title">
      <h2 id="core-removal-title">{t('removal.title')}</h2>
      <p>{t('removal.text', { account: session?.accountName ?? '' })}</p>
      <button type="button" className="kit-button core-danger" disabled={pending} onClick={() => clicked()}>
        {t(requested ? 'removal.withdraw' : 'removal.request')}
      </button>
    </section>
  )
}
