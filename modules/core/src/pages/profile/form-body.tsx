import type { Form } from '@app/module-kit'
import { useUnit } from 'effector-react'
import type { ReactNode } from 'react'

/** A native form around the kit's fields, so Enter in a field submits through the form engine. */
export const FormBody = <V extends Record<string, unknown>>({ form, children }: { form: Form<V>; children: ReactNode }) => {
  const submitted = useUnit(form.submitted)
  return (
    <form
      noValidate
      className="core-form"
      onSubmit={(event) => {
        event.preventDefault()
        submitted()
      }}
    >
      {children}
    </form>
  )
}
