export {
  Checkbox,
  type CheckboxProps,
  FileInput,
  type FileInputProps,
  FormGrid,
  RadioGroup,
  type RadioGroupProps,
  Select,
  type SelectProps,
  TextInput,
  type TextInputProps,
} from './controls'
export { CheckboxField, FormActions, FormError, FormFrame, SelectField, SubmitButton, TextAreaField, TextField, useForm } from './fields'
export type { SelectFieldProps, TextAreaFieldProps, TextFieldProps } from './fields'
export {
  createForm,
  type FieldErrors,
  fieldId,
  type FieldResult,
  type FieldStatuses,
  type Form,
  type FormConfig,
  VALIDATION_DEBOUNCE_MS,
} from './model'
export { checkSync, type FieldMessage, type FieldRules, type FieldStatus, fromServerMessage, isFilled, PATTERNS, parseDecimal, passwordRules } from './rules'
export { type KnownRefusal, refusalText } from './refusal'
export { SCROLL_DURATION_MS, SCROLL_OFFSET_PX, scrollToElement } from './scroll'
