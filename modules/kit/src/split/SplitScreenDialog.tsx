/**
 * The Split screen dialog (spec part2 §2): arrows for top, bottom, left and
 * right, the eye for the default layout, fullscreen, "Close this viewer" and
 * "Replace this viewer with map", in the kit's Dialog.
 */
import { useUnit } from 'effector-react'
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, Eye, type LucideIcon, Maximize } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button, IconButton } from '../ui/Button'
import { Dialog } from '../ui/Dialog'
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
  const events = useUnit({
    closed: dialogClosed,
    chosen: placementChosen,
    restored: defaultLayoutRestored,
    closeViewer: viewerClosed,
    replaced: viewerReplacedWithMap,
  })
  return (
    <Dialog title={t('split.dialogTitle')} onClose={() => events.closed()}>
      <fieldset className="kit-split-dialog__arrows" aria-label={t('split.placement')}>
        {ARROWS.map((arrow) => (
          <IconButton
            key={arrow.placement}
            icon={arrow.Icon}
            label={t(`split.${arrow.placement}`)}
            variant={placement === arrow.placement ? 'primary' : 'secondary'}
            style={{ gridRow: arrow.row, gridColumn: arrow.column }}
            aria-pressed={placement === arrow.placement}
            onClick={() => events.chosen(arrow.placement)}
          />
        ))}
        <IconButton icon={Eye} label={t('split.defaultLayout')} variant="secondary" style={{ gridRow: 2, gridColumn: 2 }} onClick={() => events.restored()} />
      </fieldset>
      <div className="kit-split-dialog__actions">
        <Button onClick={() => events.closeViewer()}>{t('split.close')}</Button>
        <Button onClick={() => events.replaced()}>{t('split.replaceWithMap')}</Button>
      </div>
    </Dialog>
  )
}
