/**
 * Pure rules of the split-screen layout (spec part2 §2): what the query means,
 * how big the viewer pane may be, how keys and drags move the divider.
 * The effector model in model.ts wires these to the router and localStorage.
 */

export type Placement = 'left' | 'right' | 'top' | 'bottom' | 'fullscreen'
export type Direction = 'horizontal' | 'vertical'

export interface SplitLayout {
  /** The route path shown in the viewer pane; null when no viewer is open. */
  viewer: string | null
  placement: Placement
  direction: Direction
  /** The viewer pane's width (horizontal) or height (vertical) in px. */
  size: number
}

export const PLACEMENTS: readonly Placement[] = ['left', 'right', 'top', 'bottom', 'fullscreen']
export const DEFAULT_PLACEMENT: Placement = 'right'
/** Default side split. */
export const DEFAULT_SIZE = 300
/** The viewer pane never gets smaller than this. */
export const MIN_PANE_SIZE = 300
/** The main area keeps at least this much beside the viewer. */
export const MIN_MAIN_SIZE = 240
/** One arrow key press moves the divider this far. */
export const KEYBOARD_STEP = 10
/** "Replace this viewer with map" opens this route; the map itself comes with a later module. */
export const MAP_PATH = '/map'

/** The query keys the layout lives in. */
export const QUERY_KEYS = { viewer: 'view', placement: 'mapPlacement', direction: 'direction' } as const

export function isPlacement(value: unknown): value is Placement {
  return typeof value === 'string' && (PLACEMENTS as readonly string[]).includes(value)
}

/**
 * Only in-app paths may be shown in a pane: an absolute URL or a
 * protocol-relative one from a crafted link is ignored.
 */
export function isViewerPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
}

/** Side placements split horizontally, top and bottom vertically; fullscreen keeps what it had. */
export function directionOf(placement: Placement, previous: Direction = 'horizontal'): Direction {
  if (placement === 'left' || placement === 'right') return 'horizontal'
  if (placement === 'top' || placement === 'bottom') return 'vertical'
  return previous
}

function isDirection(value: unknown): value is Direction {
  return value === 'horizontal' || value === 'vertical'
}

/** The viewer, placement and direction a query string describes. */
export function layoutFromQuery(search: string): Omit<SplitLayout, 'size'> {
  const query = new URLSearchParams(search)
  const viewer = query.get(QUERY_KEYS.viewer)
  const placement = query.get(QUERY_KEYS.placement)
  const direction = query.get(QUERY_KEYS.direction)
  const given = isDirection(direction) ? direction : undefined
  // A direction without a placement still says where the viewer goes.
  const resolved: Placement = isPlacement(placement)
    ? placement
    : given === 'vertical'
      ? 'bottom'
      : DEFAULT_PLACEMENT
  return {
    viewer: isViewerPath(viewer) ? viewer : null,
    placement: resolved,
    direction: directionOf(resolved, given),
  }
}

/** The query parameters that put the layout into the URL (null removes a key). */
export function queryFromLayout(layout: Omit<SplitLayout, 'size'>): Record<string, string | null> {
  if (layout.viewer === null) {
    return { [QUERY_KEYS.viewer]: null, [QUERY_KEYS.placement]: null, [QUERY_KEYS.direction]: null }
  }
  return {
    [QUERY_KEYS.viewer]: layout.viewer,
    [QUERY_KEYS.placement]: layout.placement,
    [QUERY_KEYS.direction]: layout.direction,
  }
}

/** The largest viewer size that leaves the main area its minimum; 0 means not measured yet. */
export function maxPaneSize(container: number): number {
  return container > 0 ? Math.max(MIN_PANE_SIZE, container - MIN_MAIN_SIZE) : Number.POSITIVE_INFINITY
}

/** Keeps the viewer at least MIN_PANE_SIZE and the main area at least MIN_MAIN_SIZE. */
export function clampSize(size: number, container: number): number {
  if (!Number.isFinite(size)) return DEFAULT_SIZE
  return Math.round(Math.min(Math.max(size, MIN_PANE_SIZE), maxPaneSize(container)))
}

/** The keys the divider answers to; others (Tab) keep their usual meaning. */
export const DIVIDER_KEYS: ReadonlySet<string> = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'])

/**
 * The size a divider key asks for, before clamping; null for other keys.
 * Arrows move the divider itself, so whether the viewer grows depends on
 * which side of the divider it sits; Home and End give its smallest and
 * largest size, as in the WAI-ARIA window splitter pattern.
 */
export function sizeForKey(key: string, placement: Placement, size: number, container: number): number | null {
  if (key === 'Home') return MIN_PANE_SIZE
  if (key === 'End') return Number.isFinite(maxPaneSize(container)) ? maxPaneSize(container) : null
  const towardsStart = key === 'ArrowLeft' || key === 'ArrowUp'
  const towardsEnd = key === 'ArrowRight' || key === 'ArrowDown'
  if (!towardsStart && !towardsEnd) return null
  const horizontalKey = key === 'ArrowLeft' || key === 'ArrowRight'
  if (horizontalKey !== (directionOf(placement) === 'horizontal')) return null
  // The viewer after the divider (right, bottom) grows when the divider moves towards the start.
  const viewerAfter = placement === 'right' || placement === 'bottom'
  const grows = towardsStart === viewerAfter
  return size + (grows ? KEYBOARD_STEP : -KEYBOARD_STEP)
}

/** The size a pointer drag of `delta` px (along the split) asks for, before clamping. */
export function sizeForDrag(placement: Placement, startSize: number, delta: number): number {
  const viewerAfter = placement === 'right' || placement === 'bottom'
  return viewerAfter ? startSize - delta : startSize + delta
}
