/**
 * The split-screen layout service (spec part2 §2). The query is the truth for
 * what is open and where (`view`, `mapPlacement`, `direction`), so links, back
 * and reload keep the layout; localStorage remembers the size and the last open
 * viewer, so a visit without those parameters gets them back. When both are
 * present the query wins.
 */
import { combine, createEffect, createEvent, createStore, sample } from 'effector'
import { $location, navigated, withQueryParams } from '../router'
import {
  clampSize,
  DEFAULT_PLACEMENT,
  DEFAULT_SIZE,
  directionOf,
  isPlacement,
  isViewerPath,
  layoutFromQuery,
  MAP_PATH,
  type Placement,
  queryFromLayout,
  type SplitLayout,
  sizeForDrag,
  sizeForKey,
} from './layout'

export const STORAGE_KEY = 'kit.splitScreen'

/** What localStorage keeps between visits. */
export interface StoredLayout {
  viewer: string | null
  placement: Placement
  size: number
}

/** Reads what a previous visit left; anything unreadable counts as nothing. */
export function parseStoredLayout(text: string | null): StoredLayout | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return null
    const { viewer, placement, size } = value as Record<string, unknown>
    return {
      viewer: isViewerPath(viewer) ? viewer : null,
      placement: isPlacement(placement) ? placement : DEFAULT_PLACEMENT,
      size: typeof size === 'number' && Number.isFinite(size) ? size : DEFAULT_SIZE,
    }
  } catch {
    return null
  }
}

// Storage may be missing or refuse writes (private windows, quotas): the layout then lives only in the query.
export const readStoredLayoutFx = createEffect((): StoredLayout | null => {
  try {
    return parseStoredLayout(window.localStorage.getItem(STORAGE_KEY))
  } catch {
    return null
  }
})

export const writeStoredLayoutFx = createEffect((layout: StoredLayout) => {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(layout))
  } catch {
    // Not remembered this time; nothing else depends on it.
  }
})

/** <SplitScreen> mounted: restore what storage remembers. */
export const splitScreenStarted = createEvent()
export const viewerOpened = createEvent<{ path: string; placement?: Placement }>()
export const viewerClosed = createEvent()
export const placementChosen = createEvent<Placement>()
export const defaultLayoutRestored = createEvent()
export const viewerReplacedWithMap = createEvent()
/** The divider was dragged or keyed to this viewer size (px, before clamping). */
export const sizeChanged = createEvent<number>()
/** The split area's length along the split direction, so the main area keeps its minimum. */
export const containerMeasured = createEvent<number>()
export const dividerKeyPressed = createEvent<string>()
export const dividerDragged = createEvent<{ startSize: number; delta: number }>()
export const dialogOpened = createEvent()
export const dialogClosed = createEvent()

export const $containerSize = createStore(0).on(containerMeasured, (_, length) => Math.max(0, length))
const $requestedSize = createStore(DEFAULT_SIZE)
  .on(sizeChanged, (_, size) => size)
  .on(defaultLayoutRestored, () => DEFAULT_SIZE)
/** The requested size kept inside the minimums of both areas for the space there is now. */
export const $size = combine($requestedSize, $containerSize, clampSize)
const $queryLayout = $location.map(({ search }) => layoutFromQuery(search))

export const $split = combine(
  $queryLayout,
  $size,
  (layout, size): SplitLayout => ({ ...layout, size }),
)
export const $dialogOpen = createStore(false)
  .on(dialogOpened, () => true)
  .on([dialogClosed, viewerClosed, placementChosen, defaultLayoutRestored, viewerReplacedWithMap], () => false)
/** Storage is written only after it has been read, so an early empty state cannot overwrite it. */
const $restored = createStore(false).on(readStoredLayoutFx.finally, () => true)

/** The layout changes the query; the router's location (and so $split) follows. */
const layoutRequested = createEvent<Omit<SplitLayout, 'size'>>()
/** Restoring from storage replaces the history entry, so Back does not undo it. */
const layoutRestored = createEvent<Omit<SplitLayout, 'size'>>()

sample({
  clock: [layoutRequested, layoutRestored.map((layout) => ({ ...layout, replace: true }))],
  source: $location,
  fn: ({ pathname, search }, { replace, ...layout }: Omit<SplitLayout, 'size'> & { replace?: boolean }) => ({
    to: `${pathname}${withQueryParams(search, queryFromLayout(layout))}`,
    replace,
  }),
  target: navigated,
})

sample({ clock: splitScreenStarted, target: readStoredLayoutFx })
sample({
  clock: readStoredLayoutFx.doneData,
  filter: (stored): stored is StoredLayout => stored !== null,
  fn: (stored) => stored!.size,
  target: sizeChanged,
})
// A remembered viewer comes back only when the query names none: the query wins.
sample({
  clock: readStoredLayoutFx.doneData,
  source: $queryLayout,
  filter: (query, stored) => query.viewer === null && stored?.viewer != null,
  fn: (_, stored) => {
    const { viewer, placement } = stored!
    return { viewer, placement, direction: directionOf(placement) }
  },
  target: layoutRestored,
})

sample({
  clock: viewerOpened,
  source: $split,
  filter: (_, { path }) => isViewerPath(path),
  fn: (current, { path, placement = current.placement }) => ({
    viewer: path,
    placement,
    direction: directionOf(placement, current.direction),
  }),
  target: layoutRequested,
})
sample({
  clock: viewerClosed,
  fn: () => ({ viewer: null, placement: DEFAULT_PLACEMENT, direction: directionOf(DEFAULT_PLACEMENT) }),
  target: layoutRequested,
})
sample({
  clock: placementChosen,
  source: $split,
  filter: (current) => current.viewer !== null,
  fn: (current, placement) => ({ ...current, placement, direction: directionOf(placement, current.direction) }),
  target: layoutRequested,
})
sample({
  clock: defaultLayoutRestored,
  source: $split,
  filter: (current) => current.viewer !== null,
  fn: (current) => ({ ...current, placement: DEFAULT_PLACEMENT, direction: directionOf(DEFAULT_PLACEMENT) }),
  target: layoutRequested,
})
sample({
  clock: viewerReplacedWithMap,
  source: $split,
  filter: (current) => current.viewer !== null,
  fn: (current) => ({ ...current, viewer: MAP_PATH }),
  target: layoutRequested,
})

const keyedSize = sample({
  clock: dividerKeyPressed,
  source: { split: $split, container: $containerSize },
  fn: ({ split, container }, key) => sizeForKey(key, split.placement, split.size, container),
})
sample({ clock: keyedSize, filter: (size): size is number => size !== null, target: sizeChanged })
sample({
  clock: dividerDragged,
  source: $split,
  fn: (split, { startSize, delta }) => sizeForDrag(split.placement, startSize, delta),
  target: sizeChanged,
})

sample({
  clock: $split.updates,
  filter: $restored,
  fn: ({ viewer, placement, size }): StoredLayout => ({ viewer, placement, size }),
  target: writeStoredLayoutFx,
})
