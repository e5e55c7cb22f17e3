/** Split screen (spec part2 §2): the layout service, the split view and its dialog. */
export type { Direction, Placement, SplitLayout } from './layout'
export { DEFAULT_SIZE, MAP_PATH, MIN_PANE_SIZE, PLACEMENTS } from './layout'
export {
  $split,
  defaultLayoutRestored,
  placementChosen,
  viewerClosed,
  viewerOpened,
  viewerReplacedWithMap,
} from './model'
export { OpenBeside } from './OpenBeside'
export { connectPaneScope, createPaneScope, PaneScope } from './scope'
export { SplitScreen, type SplitScreenProps } from './SplitScreen'
export { SplitScreenDialog } from './SplitScreenDialog'
