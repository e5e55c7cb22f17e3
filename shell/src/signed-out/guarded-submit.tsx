/**
 * The submit of the new-password screens: unlike the kit's SubmitButton it stays
 * disabled until the entries are acceptable (spec part1 §5: disabled under 5 characters).
 */
import { Button } from '@app/module-kit'
import type { ReactNode } from 'react'

export const GuardedSubmit = ({ ready, submitting, children }: { ready: boolean; submitting: boolean; children: ReactNode }) => (
  <Button variant="primary" type="submit" disabled={!ready || submitting} aria-busy={submitting}>
    {children}
  </Button>
)
