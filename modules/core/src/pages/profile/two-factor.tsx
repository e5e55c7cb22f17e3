import { Button, Card, FormError, FormFrame, SubmitButton, TextField } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { startEnrolmentFx } from '../../api'
import { $enrolment, $qrCode, $twoFactorOn, codeForm, enrolmentCancelled, enrolmentStarted, switchOffForm } from './two-factor.model'

export const TwoFactorSection = () => {
  const { t } = useTranslation('core')
  const { on, enrolment, qrCode, starting, start, cancel } = useUnit({
    on: $twoFactorOn,
    enrolment: $enrolment,
    qrCode: $qrCode,
    starting: startEnrolmentFx.pending,
    start: enrolmentStarted,
    cancel: enrolmentCancelled,
  })
  return (
    <Card title={t('twoFactor.title')}>
      {enrolment ? (
        <>
          <p>{t('twoFactor.scan')}</p>
          {qrCode && <img className="core-qr" src={qrCode} alt={t('twoFactor.qrAlt')} width={200} height={200} />}
          <p>
            {t('twoFactor.secret')}: <code className="core-secret">{enrolment.secret}</code>
          </p>
          <FormFrame form={codeForm}>
            <TextField form={codeForm} name="code" label={t('twoFactor.code')} autoComplete="one-time-code" />
            <FormError form={codeForm} />
            <SubmitButton form={codeForm}>{t('twoFactor.confirm')}</SubmitButton>
            <Button onClick={() => cancel()}>{t('twoFactor.cancel')}</Button>
          </FormFrame>
        </>
      ) : on ? (
        <>
          <p>{t('twoFactor.on')}</p>
          <p>{t('twoFactor.newPhone')}</p>
          <FormFrame form={switchOffForm}>
            <TextField form={switchOffForm} name="currentPassword" label={t('currentPassword')} type="password" autoComplete="current-password" />
            <FormError form={switchOffForm} />
            <SubmitButton form={switchOffForm}>{t('twoFactor.switchOff')}</SubmitButton>
          </FormFrame>
        </>
      ) : (
        <>
          <p>{t('twoFactor.off')}</p>
          <Button variant="primary" disabled={starting} onClick={() => start()}>
            {t('twoFactor.start')}
          </Button>
        </>
      )}
    </Card>
  )
}
