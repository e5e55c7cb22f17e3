/**
 * The screens the shell shows when nobody is signed in (spec part1 §2). The shell
 * renders these routes only while signed out and sends everything else to `/`.
 */
import type { RouteProps } from '@app/module-kit'
import type { ComponentType } from 'react'
import { ChangePasswordPage } from './change-password/page'
import { ConfirmEmailPage } from './confirm-email/page'
import { ForgotPasswordPage } from './forgot-password/page'
import { registerSignedOutLocales } from './locales'
import { RegisterPage } from './register/page'
import { SignInPage } from './sign-in/page'
import { WelcomePage } from './welcome/page'

registerSignedOutLocales()

export const signedOutRoutes: { path: string; component: ComponentType<RouteProps> }[] = [
  { path: '/', component: SignInPage },
  { path: '/forgotpassword', component: ForgotPasswordPage },
  { path: '/changePassword/:token', component: ChangePasswordPage },
  { path: '/welcomeNewUser/:token', component: WelcomePage },
  { path: '/register', component: RegisterPage },
  { path: '/confirmEmail/:token', component: ConfirmEmailPage },
]

/** Signed-out pages that a signed-in user opens too (a link from a mail), without being sent home. */
export const ANY_SESSION_PATHS = ['/confirmEmail/:token']
