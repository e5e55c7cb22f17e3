import { $contexts, $session, Button } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { type FormEvent, useEffect, useRef } from 'react'
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
  const { t } = useTranslation('shell')
  const [open, contexts, session, picked, error, pending] = useUnit([$switchOpen, $contexts, $session, $picked, $switchError, switchContextFx.pending])
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    switchSubmitted()
  }

  return (
    <dialog ref={dialog} className="shell-dialog" aria-labelledby="shell-switch-title" onClose={() => switchAccountClosed()}>
      <form onSubmit={submit}>
        <h2 id="shell-switch-title">{t('switchAccount.title')}</h2>
        <p>{t('switchAccount.intro')}</p>
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
        <div className="shell-dialog-actions">
          <Button onClick={() => switchAccountClosed()}>{t('switchAccount.cancel')}</Button>
          <Button variant="primary" type="submit" disabled={pending || picked === null || picked === session?.accountId}>
            {t('switchAccount.submit')}
          </Button>
        </div>
      </form>
    </dialog>
  )
}
