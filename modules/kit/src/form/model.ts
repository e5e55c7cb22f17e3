/**
 * The form engine (spec part1 §5) as an effector model: values, per-field messages
 * and statuses, validation debounced 300 ms, a submit that validates every field at
 * once and is blocked while any is in error, and the API's 400 field errors.
 */
import { combine, createEffect, createEvent, createStore, type EventCallable, type Effect, sample, type Store } from 'effector'
import { ApiError } from '../client'
import { $locale, type Locale } from '../i18n'
import { checkSync, type FieldMessage, type FieldRules, type FieldStatus, fromServerMessage, isFilled } from './rules'
import { scrollToId } from './scroll'

export const VALIDATION_DEBOUNCE_MS = 300

type Values = Record<string, unknown>
export type FieldErrors<V> = Partial<Record<keyof V, FieldMessage>>
export type FieldStatuses<V> = Partial<Record<keyof V, FieldStatus>>

export interface FormConfig<V extends Values> {
  fields: { [K in keyof V]: { initial: V[K]; rules?: FieldRules<V> } }
  submit: (values: V) => Promise<void>
}

export interface Form<V extends Values> {
  /** Prefix of the fields' element ids (see `fieldId`). */
  id: string
  /** Field names in declaration order: the first in error is the one scrolled to. */
  names: (keyof V & string)[]
  rules: Partial<Record<keyof V, FieldRules<V>>>
  $values: Store<V>
  $errors: Store<FieldErrors<V>>
  /** Warning: changed and not yet validated, or its asynchronous check could not run. */
  $status: Store<FieldStatuses<V>>
  /** Fields the user has changed since the form was made or reset: only these are shown as valid. */
  $touched: Store<Partial<Record<keyof V, true>>>
  $canSubmit: Store<boolean>
  $submitting: Store<boolean>
  $submitError: Store<string | null>
  fieldChanged: EventCallable<{ name: keyof V; value: unknown }>
  submitted: EventCallable<void>
  reset: EventCallable<void>
  /** Saved values loaded into the form (a record opened for editing): the form starts from them, untouched and unchecked. */
  filled: EventCallable<Partial<V>>
  submitFx: Effect<V, void>
  scrollToFieldFx: Effect<keyof V & string, void>
}

/** One field's verdict. */
export type FieldResult = { status: 'Ok' } | { status: 'Error'; message: FieldMessage } | { status: 'Warning' }

let formCount = 0

/** A per-field record without the fields of `fields`: what a filled form forgets about them. */
const without = <R extends object>(record: R, fields: object): R =>
  Object.fromEntries(Object.entries(record).filter(([name]) => !(name in fields))) as R

/** The element id of a field's control, so labels, messages and the scroll can find it. */
export const fieldId = (form: { id: string }, name: string) => `${form.id}-${name}`

export const createForm = <V extends Values>(config: FormConfig<V>): Form<V> => {
  formCount += 1
  const id = `kit-form-${formCount}`
  const names = Object.keys(config.fields) as (keyof V & string)[]
  const rules = Object.fromEntries(names.map((name) => [name, config.fields[name].rules ?? {}])) as Form<V>['rules']
  const initial = Object.fromEntries(names.map((name) => [name, config.fields[name].initial])) as V

  const checkField = async (name: keyof V, values: V, locale: Locale): Promise<FieldResult> => {
    const fieldRules = rules[name] ?? {}
    const value = values[name]
    const sync = checkSync(value, values, fieldRules, locale)
    if (sync) return { status: 'Error', message: sync }
    if (!fieldRules.validateAsync || !isFilled(value)) return { status: 'Ok' }
    try {
      const key = await fieldRules.validateAsync(value, values)
      return key ? { status: 'Error', message: { key } } : { status: 'Ok' }
    } catch {
      // The check could not run (network): the server validates again on submit.
      return { status: 'Warning' }
    }
  }

  const fieldChanged = createEvent<{ name: keyof V; value: unknown }>()
  const submitted = createEvent()
  const reset = createEvent()
  const filled = createEvent<Partial<V>>()
  const changeAccepted = createEvent<{ name: keyof V; value: unknown; version: number }>()
  const fieldValidated = createEvent<{ name: keyof V; result: FieldResult }>()
  const serverRejected = createEvent<{ errors: FieldErrors<V>; message: string | null }>()

  // Each change bumps its field's version; a debounce or check that finishes for an older one is dropped.
  const $versions = createStore<Partial<Record<keyof V, number>>>({})
  const $values = createStore<V>(initial)
  const $errors = createStore<FieldErrors<V>>({})
  const $status = createStore<FieldStatuses<V>>({})
  const $submitError = createStore<string | null>(null)

  const waitFx = createEffect(
    (change: { name: keyof V; version: number }) =>
      new Promise<typeof change>((resolve) => setTimeout(() => resolve(change), VALIDATION_DEBOUNCE_MS)),
  )
  const validateFieldFx = createEffect(async (job: { name: keyof V; version: number; values: V; locale: Locale }) => ({
    name: job.name,
    version: job.version,
    result: await checkField(job.name, job.values, job.locale),
  }))
  const validateAllFx = createEffect(async ({ values, locale }: { values: V; locale: Locale }) => {
    const results = await Promise.all(names.map(async (name) => [name, await checkField(name, values, locale)] as const))
    return { values, results }
  })
  const submitFx = createEffect<V, void>((values) => config.submit(values))
  const scrollToFieldFx = createEffect((name: keyof V & string) => scrollToId(fieldId({ id }, name)))

  const $submitting = combine(validateAllFx.pending, submitFx.pending, (validating, sending) => validating || sending)
  const $canSubmit = combine(
    $errors,
    $submitting,
    (errors, submitting) => !submitting && Object.values(errors).every((error) => !error),
  )

  sample({
    clock: fieldChanged,
    source: $versions,
    fn: (versions, { name, value }) => ({ name, value, version: (versions[name] ?? 0) + 1 }),
    target: changeAccepted,
  })
  $versions
    .on(changeAccepted, (versions, { name, version }) => ({ ...versions, [name]: version }))
    // A submit checks every field itself, and a reset starts over: validations still pending are dropped.
    .on([submitted, reset, filled], (versions) => Object.fromEntries(names.map((name) => [name, (versions[name] ?? 0) + 1])) as typeof versions)
  $values
    .on(changeAccepted, (values, { name, value }) => ({ ...values, [name]: value }))
    .on(filled, (values, saved) => ({ ...values, ...saved }))
    .reset(reset)
  $status
    .on(changeAccepted, (statuses, { name }) => ({ ...statuses, [name]: 'Warning' }))
    .on(filled, (statuses, saved) => without(statuses, saved))
    .reset(reset)
  const $touched = createStore<Partial<Record<keyof V, true>>>({})
    .on(changeAccepted, (touched, { name }) => (touched[name] ? touched : { ...touched, [name]: true }))
    .on(filled, (touched, saved) => without(touched, saved))
    .reset(reset)

  sample({ clock: changeAccepted, fn: ({ name, version }) => ({ name, version }), target: waitFx })
  sample({
    clock: waitFx.doneData,
    source: { versions: $versions, values: $values, locale: $locale },
    filter: ({ versions }, { name, version }) => versions[name] === version,
    fn: ({ values, locale }, { name, version }) => ({ name, version, values, locale }),
    target: validateFieldFx,
  })
  sample({
    clock: validateFieldFx.doneData,
    source: $versions,
    filter: (versions, { name, version }) => versions[name] === version,
    fn: (_, { name, result }) => ({ name, result }),
    target: fieldValidated,
  })

  const withResult = (errors: FieldErrors<V>, name: keyof V, result: FieldResult): FieldErrors<V> => {
    const { [name]: _previous, ...rest } = errors
    return (result.status === 'Error' ? { ...rest, [name]: result.message } : rest) as FieldErrors<V>
  }
  $errors
    .on(fieldValidated, (errors, { name, result }) => withResult(errors, name, result))
    .on(validateAllFx.doneData, (errors, { results }) =>
      results.reduce((all, [name, result]) => withResult(all, name, result), errors),
    )
    .on(serverRejected, (errors, rejection) => ({ ...errors, ...rejection.errors }))
    .on(filled, (errors, saved) => without(errors, saved))
    .reset(reset)
  $status
    .on(fieldValidated, (statuses, { name, result }) => ({ ...statuses, [name]: result.status }))
    .on(validateAllFx.doneData, (statuses, { results }) => ({
      ...statuses,
      ...Object.fromEntries(results.map(([name, result]) => [name, result.status])),
    }))
    .on(serverRejected, (statuses, { errors }) => ({
      ...statuses,
      ...Object.fromEntries(Object.keys(errors).map((name) => [name, 'Error'])),
    }))

  // Submitting validates every field at once, without the debounce.
  sample({
    clock: submitted,
    source: { values: $values, submitting: $submitting, locale: $locale },
    filter: ({ submitting }) => !submitting,
    fn: ({ values, locale }) => ({ values, locale }),
    target: validateAllFx,
  })
  const firstError = (results: readonly (readonly [keyof V & string, FieldResult])[]) =>
    results.find(([, result]) => result.status === 'Error')?.[0]
  sample({
    clock: validateAllFx.doneData,
    filter: ({ results }) => firstError(results) === undefined,
    fn: ({ values }) => values,
    target: submitFx,
  })
  sample({
    clock: validateAllFx.doneData,
    filter: ({ results }) => firstError(results) !== undefined,
    fn: ({ results }) => firstError(results)!,
    target: scrollToFieldFx,
  })

  sample({
    clock: submitFx.failData,
    fn: (error) => rejectionOf(error, names),
    target: serverRejected,
  })
  sample({
    clock: serverRejected,
    filter: ({ errors }) => Object.keys(errors).length > 0,
    fn: ({ errors }) => names.find((name) => errors[name])!,
    target: scrollToFieldFx,
  })
  $submitError
    .on(serverRejected, (_, { message }) => message)
    .reset(submitted, reset)

  return {
    id,
    names,
    rules,
    $values,
    $errors,
    $status,
    $touched,
    $canSubmit,
    $submitting,
    $submitError,
    fieldChanged,
    submitted,
    reset,
    filled,
    submitFx,
    scrollToFieldFx,
  }
}

/**
 * A failed submit: a 400 with field errors puts each on its field; whatever has no
 * field here (or any other failure) becomes the form's error.
 */
const rejectionOf = <V extends Values>(error: unknown, names: (keyof V & string)[]) => {
  const text = error instanceof Error ? error.message : String(error)
  if (!(error instanceof ApiError) || error.status !== 400 || !error.errors) return { errors: {}, message: text }
  const entries = Object.entries(error.errors)
  const known = entries.filter(([name]) => names.includes(name))
  const errors = Object.fromEntries(known.map(([name, message]) => [name, fromServerMessage(message)])) as FieldErrors<V>
  const unplaced = entries.find(([name]) => !names.includes(name))
  if (unplaced) return { errors, message: unplaced[1] }
  return { errors, message: known.length > 0 ? null : text }
}
