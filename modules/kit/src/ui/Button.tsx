/**
 * Buttons of the design system. One component for every clickable action: a button,
 * or with `to` a router link drawn as a button (never underlined text in a tall box).
 */
import type { LucideIcon } from 'lucide-react'
import { Trash2 } from 'lucide-react'
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link, type LinkProps } from '../router'
import { type ConfirmOptions, confirm } from './confirm'
import './kit.css'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'
export type ButtonSize = 'md' | 'sm'

interface Look {
  variant?: ButtonVariant
  size?: ButtonSize
  /** An icon from lucide-react, drawn before the text. */
  icon?: LucideIcon
}

const ICON_SIZE: Record<ButtonSize, number> = { md: 18, sm: 16 }

/** The class list of a button's look; exported for the few controls that must stay native (a file input's label). */
export const buttonClass = ({ variant = 'secondary', size = 'md' }: Look, ...extra: (string | false | undefined)[]) =>
  ['kit-button', variant !== 'secondary' && `kit-button-${variant}`, size === 'sm' && 'kit-button-sm', ...extra].filter(Boolean).join(' ')

type ButtonAsButton = Look & ButtonHTMLAttributes<HTMLButtonElement> & { to?: undefined }
type ButtonAsLink = Look & LinkProps

export type ButtonProps = ButtonAsButton | ButtonAsLink

const content = (icon: LucideIcon | undefined, size: ButtonSize, children: ReactNode) => {
  const Icon = icon
  return (
    <>
      {Icon && <Icon size={ICON_SIZE[size]} aria-hidden="true" />}
      {children}
    </>
  )
}

export const Button = (props: ButtonProps) => {
  if (props.to !== undefined) {
    const { variant, size = 'md', icon, className, children, ...link } = props
    return (
      <Link {...link} className={buttonClass({ variant, size }, className)}>
        {content(icon, size, children)}
      </Link>
    )
  }
  const { variant, size = 'md', icon, className, children, type = 'button', ...button } = props
  return (
    <button {...button} type={type} className={buttonClass({ variant, size }, className)}>
      {content(icon, size, children)}
    </button>
  )
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: LucideIcon
  /** Already translated: the accessible name and the tooltip. */
  label: string
  variant?: ButtonVariant
  size?: ButtonSize
  /** A toggle (a favourite's star): announced as pressed or not, its icon filled while pressed. */
  pressed?: boolean
}

/** A square button showing only an icon; its label is its accessible name and tooltip. */
export const IconButton = ({ icon: Icon, label, variant = 'ghost', size = 'md', className, type = 'button', pressed, ...rest }: IconButtonProps) => (
  <button
    {...rest}
    {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
    type={type}
    aria-label={label}
    title={label}
    className={buttonClass({ variant, size }, 'kit-button-icon', pressed === undefined ? undefined : 'kit-button-toggle', className)}
  >
    <Icon size={ICON_SIZE[size]} aria-hidden="true" />
  </button>
)

/** A link in text or a table cell, in the brand colour. */
export const TextLink = ({ className, ...rest }: LinkProps) => <Link {...rest} className={['kit-link', className].filter(Boolean).join(' ')} />

export interface DeleteActionProps {
  /** Already translated: the button's name ("Remove Anna Virtanen"). */
  label: string
  /** The confirmation asked before `onConfirmed` runs. */
  question: ConfirmOptions
  onConfirmed: () => void
  /** Shows the label beside the icon (true) or only as the tooltip (false, the default: rows stay quiet). */
  showLabel?: boolean
  size?: ButtonSize
  disabled?: boolean
}

/**
 * The quiet destructive action of a list row: a ghost button in the danger colour,
 * no fill until hovered, that asks the kit's confirmation first.
 */
export const DeleteAction = ({ label, question, onConfirmed, showLabel = false, size = 'sm', disabled }: DeleteActionProps) => {
  const ask = async () => {
    if (await confirm(question)) onConfirmed()
  }
  return showLabel ? (
    <Button variant="ghost" size={size} icon={Trash2} className="kit-button-quiet-danger" disabled={disabled} onClick={ask}>
      {label}
    </Button>
  ) : (
    <IconButton icon={Trash2} label={label} size={size} className="kit-button-quiet-danger" disabled={disabled} onClick={ask} />
  )
}
