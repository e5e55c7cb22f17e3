/**
 * Labelled controls that act at once, outside the form engine (a role chosen, a filter box,
 * a switch that sends its change): drawn like the engine's fields, so a page mixing both
 * shows one kind of label, width and spacing.
 */
import { type ReactNode, useId } from 'react'
import { Label } from './fields'
import '../ui/kit.css'

export interface SelectProps {
  /** Already translated. */
  label: string
  value: string
  /** Labels already translated. */
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
  disabled?: boolean
  /** A first option with the empty value (already translated), as "none" or "choose". */
  empty?: string
}

export const Select = ({ label, value, options, onChange, disabled, empty }: SelectProps) => {
  const id = useId()
  return (
    <div className="kit-field">
      <Label htmlFor={id} label={label} />
      <select id={id} className="kit-input" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export interface CheckboxProps {
  /** Already translated. */
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  /** An on/off setting that takes effect at once: announced as a switch. */
  switch?: boolean
}

export const Checkbox = ({ label, checked, onChange, disabled, switch: isSwitch }: CheckboxProps) => {
  const id = useId()
  return (
    <div className="kit-field kit-checkbox">
      <input
        id={id}
        type="checkbox"
        role={isSwitch ? 'switch' : undefined}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <Label htmlFor={id} label={label} />
    </div>
  )
}

/**
 * Fields side by side as far as the room allows (a card, the sign-up card, a pane), one
 * under the other where it is narrow; anything else in it (an alert, the form's error)
 * takes a whole row. One layout for every form, so they line up alike.
 */
export const FormGrid = ({ children }: { children: ReactNode }) => <div className="kit-form-grid">{children}</div>
