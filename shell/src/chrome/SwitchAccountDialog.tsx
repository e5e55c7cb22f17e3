import { $contexts, $session, Button, Dialog, DialogActions } from '@app/module-kit'
import { useUnit } from 'effector-react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  $picked,
  $switchError,
  $switchOpen,
  contextPicked,
  switchAccountClosed,
  switchContextFx,
  switchSubmitted,
} from './switch-account'

export const SwitchAccountDialog = () => {
  const open = useUnit($switchOpen)
  return open ? <SwitchAccount /> : null
}

const SwitchAccount = () => {
  const { t } = useTranslation('shell')
  const [contexts, session, picked, error, pending, closed] = useUnit([$contexts, $session, $picked, $switchError, switchContextFx.pending, switchAccountClosed])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    switchSubmitted()
  }

  return (
    <Dialog title={t('switchAccount.title')} text={t('switchAccount.intro')} onClose={() => closed()}>
      <form onSubmit={submit}>
        <fieldset className="shell-contexts">
          <legend className="shell-visually-hidden">{t('switchAccount.title')}</legend>
          {contexts.map((context) => (
            <label key={context.contextId} className="shell-context">
              <input
                type="radio"
                name="context"
                value={context.contextId}
                checked={picked === context.contextId}
                onChange={() => contextPicked(context.contextId)}
              />
              <span>
                {context.name}
                {context.contextId === session?.accountId && ` (${t('switchAccount.current')})`}
              </span>
            </label>
          ))}
        </fieldset>
        {error && <p role="alert">{error}</p>}
        <DialogActions>
          <Button onClick={() => closed()}>{t('switchAccount.cancel')}</Button>
          <Button variant="primary" type="submit" disabled={pending || picked === null || picked === session?.accountId}>
            {t('switchAccount.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
