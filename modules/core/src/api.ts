/** The core API calls the help and profile pages make, as effects (replaced in tests). */
import { apiRequest } from '@app/module-kit'
import type { Language } from '@app/plugin-kit/shared'
import { createEffect } from 'effector'

export interface Manual {
  id: number
  name: string
  link: string
}

export interface SupportContact {
  email: string
  phone?: string
}

export interface Enrolment {
  secret: string
  otpauthUri: string
}

export const fetchManualsFx = createEffect(() => apiRequest<Manual[]>('GET', '/support'))
export const fetchContactFx = createEffect(() => apiRequest<SupportContact>('GET', '/support/contact'))

export const saveLanguageFx = createEffect(({ userId, language }: { userId: number; language: Language }) =>
  apiRequest<{ language: Language }>('POST', `/accountusers/${userId}/language/${language}`),
)

export interface PasswordChange {
  userId: number
  currentPassword: string
  password: string
  repeatPassword: string
}

export const changePasswordFx = createEffect(({ userId, ...body }: PasswordChange) =>
  apiRequest<{ userId: number }>('POST', `/accountusers/pwd/${userId}`, { body }),
)

/** A new sign-in e-mail waits for the link mailed to it (pendingUsername); the username stays until then. */
export const changeUsernameFx = createEffect(({ userId, ...body }: { userId: number; username: string; currentPassword: string }) =>
  apiRequest<{ userId: number; username: string; pendingUsername: string | null }>('POST', `/accountusers/${userId}/username`, { body }),
)

/** The caller's own membership in the current account; the profile reads its removal request. */
export const fetchOwnMembershipFx = createEffect((userId: number) =>
  apiRequest<{ id: number; removalRequested: boolean }>('GET', `/accountusers/user/${userId}`),
)

export const toggleRemovalFx = createEffect((userId: number) =>
  apiRequest<{ userId: number; removalRequested: boolean }>('POST', `/accountusers/${userId}/toggleRequestRemoval`, { body: {} }),
)

/** Only while two-factor is off: set-up again while it is on needs the current password (switch it off first). */
export const startEnrolmentFx = createEffect(() => apiRequest<Enrolment>('POST', '/two-factor/enrolment', { body: {} }))
export const switchTwoFactorOffFx = createEffect((currentPassword: string) =>
  apiRequest<{ userId: number; hasTwoFactor: boolean }>('POST', '/two-factor/off', { body: { currentPassword } }),
)
export const confirmEnrolmentFx = createEffect((code: string) =>
  apiRequest<{ hasTwoFactor: boolean }>('POST', '/two-factor/confirmation', { body: { code } }),
)
