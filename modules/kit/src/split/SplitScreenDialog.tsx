/**
 * The Split screen dialog (spec part2 §2): arrows for top, bottom, left and
 * right, the eye for the default layout, fullscreen, "Close this viewer" and
 * "Replace this viewer with map". A native modal <dialog>: it traps focus and
 * Escape closes it.
 */
import { useUnit } from 'effector-react'
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Eye, type LucideIcon, Maximize } from 'lucide-react'
import { type KeyboardEvent, type MouseEvent, type SyntheticEvent, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Placement } from './layout'
import './locales'
import {
  $dialogOpen,
  $split,
  defaultLayoutRestored,
  dialogClosed,
  placementChosen,
  viewerClosed,
  viewerReplacedWithMap,
} from './model'

/** Where each arrow sits in the 3×3 grid, around the eye in the middle. */
/** Icons, not characters: the ⛶ they replace had no glyph in common fonts and showed as an empty box. */
const ARROWS: { placement: Placement; Icon: LucideIcon; row: number; column: number }[] = [
  { placement: 'top', Icon: ArrowUp, row: 1, column: 2 },
  { placement: 'left', Icon: ArrowLeft, row: 2, column: 1 },
  { placement: 'right', Icon: ArrowRight, row: 2, column: 3 },
  { placement: 'bottom', Icon: ArrowDown, row: 3, column: 2 },
  { placement: 'fullscreen', Icon: Maximize, row: 3, column: 3 },
]

/** Shown while the dialog is open and a viewer is there to arrange. */
export function SplitScreenDialog() {
  const { open, split } = useUnit({ open: $dialogOpen, split: $split })
  if (!open || split.viewer === null) return null
  return <DialogBody placement={split.placement} />
}

function DialogBody({ placement }: { placement: Placement }) {
  const { t } = useTranslation('kit')
  const titleId = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const events = useUnit({
    closed: dialogClosed,
    chosen: placementChosen,
    restored: defaultLayoutRestored,
    closeViewer: viewerClosed,
    replaced: viewerReplacedWithMap,
  })

  // Opened as a modal for the focus trap and Escape; focus goes back to the opener afterwards.
  useEffect(() => {
    const dialog = ref.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (dialog && !dialog.open) dialog.showModal()
    return () => opener?.focus()
  }, [])

  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault()
    events.closed()
  }
  // Escape goes through the model first, so the model and the element never disagree about being open.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    events.closed()
  }
  // A click on the dialog element itself is a click on its backdrop.
  const onBackdropClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget) events.closed()
  }

  return (
    <dialog
      ref={ref}
      className="kit-split-dialog"
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={() => events.closed()}
      onKeyDown={onKeyDown}
      onClick={onBackdropClick}
    >
      <div className="kit-split-dialog__body">
        <div className="kit-split-dialog__head">
          <h2 id={titleId}>{t('split.dialogTitle')}</h2>
          <button type="button" aria-label={t('split.closeDialog')} title={t('split.closeDialog')} onClick={() => events.closed()}>
            ×
          </button>
        </div>
        <fieldset className="kit-split-dialog__arrows" aria-label={t('split.placement')}>
          {ARROWS.map((arrow) => (
            <button
              key={arrow.placement}
              type="button"
              style={{ gridRow: arrow.row, gridColumn: arrow.column }}
              aria-label={t(`split.${arrow.placement}`)}
              title={t(`split.${arrow.placement}`)}
              aria-pressed={placement === arrow.placement}
              onClick={() => events.chosen(arrow.placement)}
            >
              <arrow.Icon size={20} aria-hidden="true" />
            </button>
          ))}
          <button
            type="button"
            style={{ gridRow: 2, gridColumn: 2 }}
            aria-label={t('split.defaultLayout')}
            title={t('split.defaultLayout')}
            onClick={() => events.restored()}
          >
            <Eye size={20} aria-hidden="true" />
          </button>
        </fieldset>
        <div className="kit-split-dialog__actions">
          <button type="button" onClick={() => events.closeViewer()}>
            {t('split.close')}
          </button>
          <button type="button" onClick={() => events.replaced()}>
            {t('split.replaceWithMap')}
          </button>
        </div>
      </div>
    </dialog>
  )
}
