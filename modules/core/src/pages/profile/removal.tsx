import { $session, Alert, Button, Card } from '@app/module-kit'
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
    <Card title={t('removal.title')}>
      <p>{t('removal.text', { account: session?.accountName ?? '' })}</p>
      {loadFailed && (
        <Alert tone="error">
          <p>{t('removal.loadFailed')}</p>
        </Alert>
      )}
      <Button variant={requested ? 'secondary' : 'danger'} disabled={pending || !known} onClick={() => clicked()}>
        {t(requested ? 'removal.withdraw' : 'removal.request')}
      </Button>
    </Card>
  )
}
