/**
 * The password rule of every form and endpoint that sets a password (sign-up, reset,
 * welcome, profile, a global admin's): at least 8 characters, at most 100, and not
 * guessable from the common-password list, keyboard patterns or the person's own
 * e-mail and names. It replaces the spec's "longer than 4 characters" on purpose
 * (README, "Security"). Browser-safe; the estimator loads on first use.
 */
import { formatMessage, MESSAGES } from './shared'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 100
/** zxcvbn's score 2: more than a million guesses, past the common lists and their variations. */
const MIN_SCORE = 2

export interface PasswordProblem {
  /** The rule that failed: a MESSAGES key (and a `validation.` key of the web forms). */
  key: 'minLength' | 'maxLength' | 'commonPassword'
  values?: { min?: number; max?: number }
  /** The API's English wording. */
  message: string
}

let estimator: Promise<typeof import('./password-estimator')> | undefined
const loadEstimator = () => {
  estimator ??= import('./password-estimator').catch((error: unknown) => {
    // A failed chunk load (network) may be retried by the next check.
    estimator = undefined
    throw error
  })
  return estimator
}

const problem = (key: PasswordProblem['key'], values?: PasswordProblem['values']): PasswordProblem => ({
  key,
  ...(values ? { values } : {}),
  message: formatMessage(MESSAGES[key], values ?? {}),
})

/**
 * What is wrong with a new password, or null. `userInputs` are the person's own words
 * (e-mail, names, company) that a password must not be made of.
 */
export const passwordProblem = async (
  password: string,
  { userInputs = [] }: { userInputs?: (string | null | undefined)[] } = {},
): Promise<PasswordProblem | null> => {
  if (password.length < PASSWORD_MIN_LENGTH) return problem('minLength', { min: PASSWORD_MIN_LENGTH })
  if (password.length > PASSWORD_MAX_LENGTH) return problem('maxLength', { max: PASSWORD_MAX_LENGTH })
  const words = userInputs.flatMap((input) => (input ? [input, ...input.split(/[@.\s_+-]+/).filter((w) => w.length > 2)] : []))
  const { passwordScore } = await loadEstimator()
  return passwordScore(password, words) < MIN_SCORE ? problem('commonPassword') : null
}
