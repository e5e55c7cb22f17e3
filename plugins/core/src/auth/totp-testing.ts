/** Two-factor codes for tests, by time window, the way an authenticator app makes them. */
import { authenticator } from 'otplib'

const STEP_MS = 30_000

/** The code of the window `steps` away from the current one. */
export const codeAt = (secret: string, steps: number) => authenticator.clone({ epoch: Date.now() + steps * STEP_MS }).generate(secret)

/** Waits out the last 3 s of a window, so codes made now are still in their window when the server checks them. */
export const clearOfStepEdge = async () => {
  const left = STEP_MS - (Date.now() % STEP_MS)
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50))
}

/** A code of a window other than the current one and its neighbours: wrong now. */
export const wrongCode = (secret: string) => {
  const near = new Set([-1, 0, 1].map((step) => codeAt(secret, step)))
  for (let step = 10; ; step++) {
    const code = codeAt(secret, step)
    if (!near.has(code)) return code
  }
}
