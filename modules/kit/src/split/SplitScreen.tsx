/**
 * The main area with the viewer pane beside, above or over it, and the divider
 * between them. The layout itself lives in the model; this view measures the
 * space and turns pointer and key input into model events.
 */
import { useUnit } from 'effector-react'
import { LayoutPanelLeft } from 'lucide-react'
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/Button'
import { DIVIDER_KEYS, MIN_PANE_SIZE, maxPaneSize, type SplitLayout } from './layout'
import './locales'
import {
  $containerSize,
  $dialogOpen,
  $split,
  containerMeasured,
  dialogOpened,
  dividerDragged,
  dividerKeyPressed,
  splitScreenStarted,
} from './model'
import { PaneScope } from './scope'
import { SplitScreenDialog } from './SplitScreenDialog'
import { SPLIT_CSS } from './styles'

export interface SplitScreenProps {
  /** The main area (the shell's outlet). */
  main: ReactNode
  /** Mounts the route for a viewer path in its own outlet; it runs in the pane's effector scope. */
  renderPane: (path: string) => ReactNode
}

export function SplitScreen({ main, renderPane }: SplitScreenProps) {
  const { t } = useTranslation('kit')
  const split = useUnit($split)
  const started = useUnit(splitScreenStarted)
  const rootRef = useRef<HTMLDivElement>(null)
  const paneId = useId()
  // Before the first paint, so a remembered size does not flicker in after a default one.
  useLayoutEffect(() => started(), [started])
  useContainerLength(rootRef, split.direction)

  const style = { '--kit-split-size': `${split.size}px` } as CSSProperties
  // Named only beside a viewer, where two areas need telling apart; the element stays, so the page is not remounted.
  const mainArea = split.viewer === null ? {} : { role: 'region', 'aria-label': t('split.main') }
  return (
    <div
      ref={rootRef}
      className="kit-split"
      data-placement={split.viewer === null ? undefined : split.placement}
      data-direction={split.direction}
      style={style}
    >
      <style href="kit-split" precedence="kit">
        {SPLIT_CSS}
      </style>
      <div className="kit-split__main" {...mainArea}>
        {main}
      </div>
      {split.viewer !== null && (
        <>
          <Divider split={split} paneId={paneId} />
          <ViewerPane id={paneId}>
            {/* A new path is a new mount with a new scope, so a replaced viewer starts clean. */}
            <PaneScope key={split.viewer}>{renderPane(split.viewer)}</PaneScope>
          </ViewerPane>
          <SplitScreenDialog />
        </>
      )}
    </div>
  )
}

/** Reports the split area's length along the split, so the model can keep both minimums. */
function useContainerLength(ref: RefObject<HTMLElement | null>, direction: SplitLayout['direction']) {
  const measured = useUnit(containerMeasured)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measured(direction === 'horizontal' ? entry.contentRect.width : entry.contentRect.height)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, direction, measured])
}

function ViewerPane({ id, children }: { id: string; children: ReactNode }) {
  const { t } = useTranslation('kit')
  const { open, dialogOpen } = useUnit({ open: dialogOpened, dialogOpen: $dialogOpen })
  return (
    <section id={id} className="kit-split__pane" aria-label={t('split.viewer')}>
      <header className="kit-split__header">
        <span className="kit-split__title">{t('split.viewer')}</span>
        <Button variant="ghost" size="sm" icon={LayoutPanelLeft} aria-haspopup="dialog" aria-expanded={dialogOpen} onClick={() => open()}>
          {t('split.dialogTitle')}
        </Button>
      </header>
      <div className="kit-split__content">{children}</div>
    </section>
  )
}

/** Drag with any pointer, or focus it and use the arrow keys, Home and End (WAI-ARIA window splitter). */
function Divider({ split, paneId }: { split: SplitLayout; paneId: string }) {
  const { t } = useTranslation('kit')
  const { container, keyPressed, dragged } = useUnit({
    container: $containerSize,
    keyPressed: dividerKeyPressed,
    dragged: dividerDragged,
  })
  const drag = useRef<{ from: number; startSize: number } | null>(null)
  const horizontal = split.direction === 'horizontal'
  const along = (event: PointerEvent) => (horizontal ? event.clientX : event.clientY)
  const largest = maxPaneSize(container)

  const onKeyDown = (event: KeyboardEvent) => {
    if (!DIVIDER_KEYS.has(event.key)) return
    event.preventDefault()
    keyPressed(event.key)
  }
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { from: along(event), startSize: split.size }
  }
  const onPointerMove = (event: PointerEvent) => {
    if (drag.current) dragged({ startSize: drag.current.startSize, delta: along(event) - drag.current.from })
  }
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    drag.current = null
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId)
  }

  return (
    <hr
      className="kit-split__divider"
      tabIndex={0}
      aria-label={t('split.divider')}
      aria-orientation={horizontal ? 'vertical' : 'horizontal'}
      aria-controls={paneId}
      aria-valuenow={split.size}
      aria-valuemin={MIN_PANE_SIZE}
      aria-valuemax={Number.isFinite(largest) ? largest : undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    />
  )
}
