/**
 * The submit of the new-password screens: unlike the kit's SubmitButton it stays
 * disabled until the entries are acceptable (spec part1 §5: disabled under 5 characters),
 * and while it is, a line tied to it says what it waits for.
 */
import { Button } from '@app/module-kit'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'

export const GuardedSubmit = ({ ready, submitting, children }: { ready: boolean; submitting: boolean; children: ReactNode }) => {
  const { t } = useTranslation('shell')
  const why = useId()
  return (
    <>
      {!ready && (
        <p id={why} className="so-hint">
          {t('signedOut.newPassword.waiting')}
        </p>
      )}
      <Button variant="primary" type="submit" disabled={!ready || submitting} aria-busy={submitting} aria-describedby={ready ? undefined : why}>
        {children}
      </Button>
    </>
  )
}
