import { allSettled, fork, type Scope } from 'effector'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../client'
import { createForm, VALIDATION_DEBOUNCE_MS } from './model'

type SignUp = { email: string; password: string; repeatPassword: string; age: number | null }

const signUpForm = (options: { submit?: (values: SignUp) => Promise<void>; taken?: (email: string) => Promise<boolean> } = {}) =>
  createForm<SignUp>({
    fields: {
      email: {
        initial: '',
        rules: {
          required: true,
          email: true,
          validateAsync: async (value) => ((await options.taken?.(String(value))) ? 'User already exist' : null),
        },
      },
      password: { initial: '', rules: { required: true, minLength: 5 } },
      repeatPassword: {
        initial: '',
        rules: { required: true, validate: (value, values) => (value === values.password ? null : 'validation.passwordsMismatch') },
      },
      age: { initial: null, rules: { min: 18, max: 120 } },
    },
    submit: options.submit ?? (async () => {}),
  })

/** Fires an event and lets the debounce run out, as a user who stops typing. */
const settle = async (promise: Promise<unknown>, ms = VALIDATION_DEBOUNCE_MS) => {
  await vi.advanceTimersByTimeAsync(ms)
  await promise
}

const fill = async (form: ReturnType<typeof signUpForm>, scope: Scope, values: SignUp) => {
  for (const [name, value] of Object.entries(values))
    await settle(allSettled(form.fieldChanged, { scope, params: { name: name as keyof SignUp, value } }))
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('validation while typing', () => {
  it('marks a changed field Warning at once and validates it after 300 ms', async () => {
    const form = signUpForm()
    const scope = fork()
    const done = allSettled(form.fieldChanged, { scope, params: { name: 'password', value: 'abc' } })
    await vi.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS - 1)
    expect(scope.getState(form.$values).password).toBe('abc')
    expect(scope.getState(form.$status).password).toBe('Warning')
    expect(scope.getState(form.$errors)).toEqual({})
    await settle(done, 1)
    expect(scope.getState(form.$errors).password).toEqual({ key: 'validation.minLength', values: { min: 5 } })
    expect(scope.getState(form.$status).password).toBe('Error')
    expect(scope.getState(form.$canSubmit)).toBe(false)
  })

  it('validates only the last of quick changes', async () => {
    const validate = vi.fn(() => null)
    const form = createForm<{ name: string }>({
      fields: { name: { initial: '', rules: { validate } } },
      submit: async () => {},
    })
    const scope = fork()
    const first = allSettled(form.fieldChanged, { scope, params: { name: 'name', value: 'A' } })
    await vi.advanceTimersByTimeAsync(200)
    const second = allSettled(form.fieldChanged, { scope, params: { name: 'name', value: 'Ab' } })
    await settle(Promise.all([first, second]))
    expect(validate).toHaveBeenCalledTimes(1)
    expect(validate).toHaveBeenCalledWith('Ab', { name: 'Ab' })
    expect(scope.getState(form.$status).name).toBe('Ok')
  })

  it('clears an error once the field is fixed', async () => {
    const form = signUpForm()
    const scope = fork()
    await settle(allSettled(form.fieldChanged, { scope, params: { name: 'age', value: 12 } }))
    expect(scope.getState(form.$errors).age).toEqual({ key: 'validation.min', values: { min: 18 } })
    await settle(allSettled(form.fieldChanged, { scope, params: { name: 'age', value: 30 } }))
    expect(scope.getState(form.$errors)).toEqual({})
    expect(scope.getState(form.$status).age).toBe('Ok')
    expect(scope.getState(form.$canSubmit)).toBe(true)
  })
})

describe('asynchronous check', () => {
  it('runs last, only when every other rule passes', async () => {
    const taken = vi.fn(async () => true)
    const form = signUpForm({ taken })
    const scope = fork()
    await settle(allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'not-an-email' } }))
    expect(taken).not.toHaveBeenCalled()
    expect(scope.getState(form.$errors).email).toEqual({ key: 'validation.email' })
    await settle(allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'anna@example.fi' } }))
    expect(taken).toHaveBeenCalledWith('anna@example.fi')
    expect(scope.getState(form.$errors).email).toEqual({ key: 'User already exist' })
  })

  it('drops the answer for a value that has since changed', async () => {
    const taken = vi.fn((email: string) =>
      email === 'old@example.fi' ? new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1000)) : Promise.resolve(false),
    )
    const form = signUpForm({ taken })
    const scope = fork()
    const slow = allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'old@example.fi' } })
    await vi.advanceTimersByTimeAsync(VALIDATION_DEBOUNCE_MS + 10)
    const fast = allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'new@example.fi' } })
    await settle(Promise.all([slow, fast]), 1000)
    expect(scope.getState(form.$errors)).toEqual({})
    expect(scope.getState(form.$status).email).toBe('Ok')
  })

  it('leaves the field Warning, not in error, when the check cannot run', async () => {
    const form = signUpForm({ taken: () => Promise.reject(new ApiError('Network error', 0)) })
    const scope = fork()
    await settle(allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'anna@example.fi' } }))
    expect(scope.getState(form.$status).email).toBe('Warning')
    expect(scope.getState(form.$errors)).toEqual({})
  })
})

describe('submit', () => {
  it('validates every field at once, blocks, and scrolls to the first field in error', async () => {
    const submit = vi.fn(async () => {})
    const scroll = vi.fn()
    const form = signUpForm({ submit })
    const scope = fork({ handlers: [[form.scrollToFieldFx, scroll]] })
    await settle(allSettled(form.fieldChanged, { scope, params: { name: 'password', value: 'secret1' } }))
    await settle(allSettled(form.fieldChanged, { scope, params: { name: 'repeatPassword', value: 'secret2' } }))
    scroll.mockClear()
    // No debounce on submit: every field is checked at once.
    await allSettled(form.submitted, { scope })
    expect(submit).not.toHaveBeenCalled()
    expect(scope.getState(form.$errors)).toEqual({
      email: { key: 'validation.required' },
      repeatPassword: { key: 'validation.passwordsMismatch' },
    })
    expect(scope.getState(form.$status)).toEqual({ email: 'Error', password: 'Ok', repeatPassword: 'Error', age: 'Ok' })
    expect(scroll).toHaveBeenCalledTimes(1)
    expect(scroll).toHaveBeenCalledWith('email')
  })

  it('sends the values when every field is valid', async () => {
    const submit = vi.fn(async () => {})
    const form = signUpForm({ submit })
    const scope = fork()
    const values = { email: 'anna@example.fi', password: 'secret1', repeatPassword: 'secret1', age: 40 }
    await fill(form, scope, values)
    await allSettled(form.submitted, { scope })
    expect(submit).toHaveBeenCalledWith(values)
    expect(scope.getState(form.$submitError)).toBeNull()
  })

  it('is $submitting while sending and ignores a second submit meanwhile', async () => {
    const submit = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)))
    const form = createForm<{ name: string }>({ fields: { name: { initial: 'Anna' } }, submit })
    const scope = fork()
    const done = allSettled(form.submitted, { scope })
    await vi.advanceTimersByTimeAsync(10)
    expect(scope.getState(form.$submitting)).toBe(true)
    expect(scope.getState(form.$canSubmit)).toBe(false)
    const again = allSettled(form.submitted, { scope })
    await settle(Promise.all([done, again]), 1000)
    expect(submit).toHaveBeenCalledTimes(1)
    expect(scope.getState(form.$submitting)).toBe(false)
  })

  it('puts the field errors of a 400 answer on their fields, in the kit wording', async () => {
    const scroll = vi.fn()
    const form = signUpForm({
      submit: () =>
        Promise.reject(
          new ApiError('Validation failed', 400, {
            email: 'Email is already registered',
            password: 'You must enter at least 8 characters',
          }),
        ),
    })
    const scope = fork({ handlers: [[form.scrollToFieldFx, scroll]] })
    await fill(form, scope, { email: 'anna@example.fi', password: 'secret1', repeatPassword: 'secret1', age: null })
    await allSettled(form.submitted, { scope })
    expect(scope.getState(form.$errors)).toEqual({
      email: { key: 'Email is already registered' },
      password: { key: 'validation.minLength', values: { min: 8 } },
    })
    expect(scope.getState(form.$status).password).toBe('Error')
    expect(scope.getState(form.$submitError)).toBeNull()
    expect(scroll).toHaveBeenCalledWith('email')
  })

  it('keeps the server answer over a validation still pending from typing', async () => {
    const form = createForm<{ email: string }>({
      fields: { email: { initial: '', rules: { required: true } } },
      submit: () => Promise.reject(new ApiError('Validation failed', 400, { email: 'Email is already registered' })),
    })
    const scope = fork()
    const typed = allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'anna@example.fi' } })
    const sent = allSettled(form.submitted, { scope })
    await settle(Promise.all([typed, sent]))
    expect(scope.getState(form.$errors)).toEqual({ email: { key: 'Email is already registered' } })
    expect(scope.getState(form.$status).email).toBe('Error')
  })

  it('shows a field error the form has no field for as the form error', async () => {
    const form = createForm<{ name: string }>({
      fields: { name: { initial: 'Anna' } },
      submit: () => Promise.reject(new ApiError('Validation failed', 400, { accountId: 'Unknown field' })),
    })
    const scope = fork()
    await allSettled(form.submitted, { scope })
    expect(scope.getState(form.$errors)).toEqual({})
    expect(scope.getState(form.$submitError)).toBe('Unknown field')
  })

  it('puts any other failure in $submitError, cleared by the next submit', async () => {
    let answer: Error = new ApiError('User does not exist or wrong password', 401)
    const form = createForm<{ name: string }>({ fields: { name: { initial: 'Anna' } }, submit: () => Promise.reject(answer) })
    const scope = fork()
    await allSettled(form.submitted, { scope })
    expect(scope.getState(form.$submitError)).toBe('User does not exist or wrong password')
    answer = new ApiError('Network error', 0)
    await allSettled(form.submitted, { scope })
    expect(scope.getState(form.$submitError)).toBe('Network error')
  })
})

describe('reset', () => {
  it('restores the initial values, clears messages and drops a pending validation', async () => {
    const form = signUpForm()
    const scope = fork()
    await allSettled(form.submitted, { scope })
    const pending = allSettled(form.fieldChanged, { scope, params: { name: 'password', value: 'abc' } })
    const reset = allSettled(form.reset, { scope })
    await settle(Promise.all([pending, reset]))
    expect(scope.getState(form.$values)).toEqual({ email: '', password: '', repeatPassword: '', age: null })
    expect(scope.getState(form.$errors)).toEqual({})
    expect(scope.getState(form.$status)).toEqual({})
    expect(scope.getState(form.$canSubmit)).toBe(true)
  })
})

describe('filled', () => {
  it('loads saved values as the starting point: untouched, unchecked, pending checks of those fields dropped', async () => {
    const form = signUpForm()
    const scope = fork()
    const pending = allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'not-an-email' } })
    const filled = allSettled(form.filled, { scope, params: { email: 'anna@demo.test', age: 30 } })
    await settle(Promise.all([pending, filled]))
    expect(scope.getState(form.$values)).toEqual({ email: 'anna@demo.test', password: '', repeatPassword: '', age: 30 })
    expect(scope.getState(form.$touched)).toEqual({})
    expect(scope.getState(form.$errors)).toEqual({})
    expect(scope.getState(form.$status)).toEqual({})
    await settle(allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'anna@example.test' } }))
    expect(scope.getState(form.$touched)).toEqual({ email: true })
    expect(scope.getState(form.$status)).toEqual({ email: 'Ok' })
  })
})
