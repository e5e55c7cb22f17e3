/** The fields' markup, rendered on the server side of React (no DOM library needed). */
import { allSettled, fork } from 'effector'
import { Provider } from 'effector-react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../i18n'
import { CheckboxField, FormActions, FormError, SelectField, SubmitButton, TextAreaField, TextField } from './fields'
import { createForm } from './model'

const loginForm = () =>
  createForm<{ email: string; password: string; remember: boolean; country: string }>({
    fields: {
      email: { initial: '', rules: { required: true, email: true } },
      password: { initial: '', rules: { required: true, maxLength: 100 } },
      remember: { initial: false },
      country: { initial: 'FI' },
    },
    submit: () => Promise.reject(new Error('User does not exist or wrong password')),
  })

beforeEach(async () => {
  await i18n.changeLanguage('en-GB')
})
afterEach(async () => {
  await i18n.changeLanguage('en-GB')
})

describe('TextField', () => {
  it('ties the label, the control and the message together', () => {
    const form = loginForm()
    const html = renderToStaticMarkup(<TextField form={form} name="email" label="E-mail" type="email" autoComplete="username" />)
    const id = `${form.id}-email`
    expect(html).toContain(`<label for="${id}"`)
    expect(html).toContain(`id="${id}"`)
    expect(html).toContain(`aria-describedby="${id}-message"`)
    expect(html).toContain('aria-invalid="false"')
    expect(html).toContain('aria-required="true"')
    expect(html).toMatch(/autocomplete="username"/i)
  })

  it('shows the translated message under a field in error, in the chosen language', async () => {
    const form = loginForm()
    const scope = fork()
    await allSettled(form.submitted, { scope })
    const render = () =>
      renderToStaticMarkup(
        <Provider value={scope}>
          <TextField form={form} name="email" label="E-mail" />
        </Provider>,
      )
    expect(render()).toContain('aria-invalid="true"')
    expect(render()).toContain('This field is required</p>')
    await i18n.changeLanguage('fi-FI')
    expect(render()).toContain('Tämä kenttä on pakollinen</p>')
  })
})

describe('other fields', () => {
  it('renders a select with a translated placeholder and the chosen option', () => {
    const form = loginForm()
    const html = renderToStaticMarkup(
      <SelectField form={form} name="country" label="Country" options={[{ value: 'FI', label: 'Finland' }]} />,
    )
    expect(html).toContain('<option value="">Choose…</option>')
    expect(html).toMatch(/<option value="FI" selected="">Finland<\/option>/)
  })

  it('renders text of several lines as a labelled box across the form grid, its lines kept', async () => {
    const form = createForm<{ notes: string }>({ fields: { notes: { initial: '', rules: { maxLength: 10 } } }, submit: () => Promise.resolve() })
    const scope = fork()
    await allSettled(form.fieldChanged, { scope, params: { name: 'notes', value: 'first line\nsecond line' } })
    const html = renderToStaticMarkup(
      <Provider value={scope}>
        <TextAreaField form={form} name="notes" label="Notes" rows={3} />
      </Provider>,
    )
    const id = `${form.id}-notes`
    expect(html).toMatch(/^<div class="kit-field kit-field-wide">/)
    expect(html).toContain(`<label for="${id}"`)
    expect(html).toMatch(new RegExp(`<textarea [^>]*id="${id}"[^>]*rows="3"[^>]*>first line\nsecond line</textarea>`))
    expect(html).toContain(`aria-describedby="${id}-message"`)
    // Past its maximum, in error like any field.
    expect(html).toContain('aria-invalid="true"')
  })

  it('renders a checkbox with its label after it', () => {
    const form = loginForm()
    const html = renderToStaticMarkup(<CheckboxField form={form} name="remember" label="Remember me" />)
    expect(html).toMatch(/type="checkbox".*<label for="[^"]+-remember"/)
  })

  it('shows a failed submit as an alert and keeps the button usable', async () => {
    const form = loginForm()
    const scope = fork()
    await allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'anna@example.fi' } })
    await allSettled(form.fieldChanged, { scope, params: { name: 'password', value: 'secret' } })
    await allSettled(form.submitted, { scope })
    const html = renderToStaticMarkup(
      <Provider value={scope}>
        <FormError form={form} />
        <SubmitButton form={form}>Sign in</SubmitButton>
      </Provider>,
    )
    expect(html).toContain('role="alert">User does not exist or wrong password</div>')
    expect(html).toContain('type="submit"')
    expect(html).not.toContain('disabled')
  })

  it('FormActions: the failed submit, then Save and a Cancel link back, in one row', async () => {
    const form = loginForm()
    const scope = fork()
    await allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'anna@example.fi' } })
    await allSettled(form.fieldChanged, { scope, params: { name: 'password', value: 'secret' } })
    await allSettled(form.submitted, { scope })
    const html = renderToStaticMarkup(
      <Provider value={scope}>
        <FormActions form={form} save="Save" cancel="Cancel" cancelTo="/companies" />
      </Provider>,
    )
    expect(html).toMatch(/role="alert">User does not exist or wrong password<\/div><div class="kit-row"><button[^>]*type="submit"[^>]*>.*Save.*<\/button><a[^>]*href="\/companies"[^>]*>.*Cancel.*<\/a><\/div>$/)
  })

  describe('the valid mark', () => {
    const profileForm = () =>
      createForm<{ name: string; email: string }>({
        fields: { name: { initial: 'Anna', rules: { required: true } }, email: { initial: 'anna@example.fi', rules: { required: true, email: true } } },
        submit: () => Promise.resolve(),
      })
    const statusOf = (scope: ReturnType<typeof fork>, form: ReturnType<typeof profileForm>, name: 'name' | 'email') =>
      renderToStaticMarkup(
        <Provider value={scope}>
          <TextField form={form} name={name} label={name} />
        </Provider>,
      ).match(/data-status="(\w+)"/)?.[1]

    it('is shown on a field the user changed, never on an untouched prefilled one', async () => {
      const form = profileForm()
      const scope = fork()
      await allSettled(form.fieldChanged, { scope, params: { name: 'name', value: 'Anna-Liisa' } })
      await allSettled(form.submitted, { scope })
      expect(statusOf(scope, form, 'name')).toBe('Ok')
      expect(statusOf(scope, form, 'email')).toBeUndefined()
    })

    it('is not shown beside a failed submit (a sign-in error), while errors still are', async () => {
      const form = loginForm()
      const scope = fork()
      await allSettled(form.fieldChanged, { scope, params: { name: 'email', value: 'anna@example.fi' } })
      await allSettled(form.submitted, { scope })
      const render = (name: 'email' | 'password') =>
        renderToStaticMarkup(
          <Provider value={scope}>
            <TextField form={form} name={name} label={name} />
          </Provider>,
        )
      expect(render('password')).toContain('data-status="Error"')
      await allSettled(form.fieldChanged, { scope, params: { name: 'password', value: 'wrong' } })
      await allSettled(form.submitted, { scope })
      expect(scope.getState(form.$submitError)).toBe('User does not exist or wrong password')
      expect(render('email')).not.toContain('data-status')
      expect(render('password')).not.toContain('data-status')
    })
  })
})
