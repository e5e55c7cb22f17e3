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

export const changePasswordFx = createEffect(
  ({ userId, password, repeatPassword }: { userId: number; password: string; repeatPassword: string }) =>
    apiRequest<{ userId: number }>('POST', `/accountusers/pwd/${userId}`, { body: { password, repeatPassword } }),
)

export const changeUsernameFx = createEffect(({ userId, username }: { userId: number; username: string }) =>
  apiRequest<{ userId: number; username: string }>('POST', `/accountusers/${userId}/username`, { body: { username } }),
)

export const toggleRemovalFx = createEffect((userId: number) =>
  apiRequest<{ userId: number; removalRequested: boolean }>('POST', `/accountusers/${userId}/toggleRequestRemoval`, { body: {} }),
)

export const startEnrolmentFx = createEffect(() => apiRequest<Enrolment>('POST', '/two-factor/enrolment', { body: {} }))
export const confirmEnrolmentFx = createEffect((code: string) =>
  apiRequest<{ hasTwoFactor: boolean }>('POST', '/two-factor/confirmation', { body: { code } }),
)
