/** `/confirmEmail/:token`: one button that makes the new e-mail the sign-in address. */
import { Button, type RouteProps } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { NoticeBox, SignedOutLayout } from '../layout'
import { $done, $notice, $sending, confirmClicked, confirmEmailOpened } from './model'

export const ConfirmEmailPage = ({ params }: RouteProps) => {
  const { t } = useTranslation('shell')
  const [done, notice, sending, opened, confirm] = useUnit([$done, $notice, $sending, confirmEmailOpened, confirmClicked])
  const token = params.token ?? ''
  useEffect(() => {
    opened(token)
  }, [opened, token])
  return (
    <SignedOutLayout title={t('signedOut.confirmEmail.title')} intro={done ? undefined : t('signedOut.confirmEmail.intro')}>
      <NoticeBox notice={notice} />
      {!done && (
        <Button variant="primary" disabled={sending} aria-busy={sending} onClick={() => confirm()}>
          {t('signedOut.confirmEmail.submit')}
        </Button>
      )}
      <nav className="so-links">
        {/* A full load: the session this change ended must not linger in memory. */}
        <a className="kit-link" href="/">
          {t(done ? 'signedOut.goToSignIn' : 'signedOut.backToSignIn')}
        </a>
      </nav>
    </SignedOutLayout>
  )
}
