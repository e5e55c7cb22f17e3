/**
 * The split screen's stylesheet. React 19 hoists a <style href precedence> into
 * the document head once, so the kit needs no CSS pipeline in the host or remotes.
 *
 * The DOM order stays main, divider, pane whatever the placement (CSS `order`
 * moves them), so switching placement never remounts the main area.
 */
export const SPLIT_CSS = `
.kit-split { display: flex; flex: 1 1 auto; width: 100%; height: 100%; min-width: 0; min-height: 0; }
.kit-split[data-direction="vertical"] { flex-direction: column; }
.kit-split__main { order: 0; flex: 1 1 0; min-width: 0; min-height: 0; overflow: auto; }
.kit-split__divider { order: 1; flex: 0 0 6px; margin: 0; border: 0; background: var(--kit-border-subtle); cursor: col-resize; touch-action: none; }
.kit-split[data-direction="vertical"] .kit-split__divider { cursor: row-resize; }
.kit-split__divider:hover, .kit-split__divider:focus-visible { background: var(--kit-primary); outline: none; }
.kit-split__pane { order: 2; flex: 0 0 var(--kit-split-size, 300px); display: flex; flex-direction: column; min-width: 0; min-height: 0; overflow: hidden; }
.kit-split[data-placement="left"] .kit-split__pane, .kit-split[data-placement="top"] .kit-split__pane { order: -2; }
.kit-split[data-placement="left"] .kit-split__divider, .kit-split[data-placement="top"] .kit-split__divider { order: -1; }
.kit-split[data-placement="fullscreen"] .kit-split__main, .kit-split[data-placement="fullscreen"] .kit-split__divider { display: none; }
.kit-split[data-placement="fullscreen"] .kit-split__pane { flex: 1 1 auto; }
.kit-split__header { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 4px 8px; border-bottom: 1px solid var(--kit-border-subtle); background: var(--kit-surface-sunken); color: var(--kit-text); }
.kit-split__title { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.kit-split__content { flex: 1 1 auto; min-height: 0; overflow: auto; }
.kit-split-dialog__arrows { display: grid; grid-template-columns: repeat(3, 44px); grid-template-rows: repeat(3, 44px); gap: var(--kit-space-1); justify-content: center; margin: 0 0 var(--kit-space-3); padding: 0; border: 0; }
.kit-split-dialog__actions { display: flex; flex-direction: column; align-items: stretch; gap: var(--kit-space-2); }
/* Below 767 px there is no room beside the main area: the split becomes stacked,
   the viewer below the main area at full width, and the divider goes away. */
@media (max-width: 767px) {
  .kit-split, .kit-split[data-direction="vertical"] { flex-direction: column; }
  .kit-split__main { order: 0; flex: 0 0 auto; }
  .kit-split .kit-split__divider { display: none; }
  .kit-split[data-placement] .kit-split__pane { order: 2; flex: 0 0 auto; min-height: 300px; }
  .kit-split[data-placement="fullscreen"] .kit-split__pane { flex: 1 1 auto; }
}
`
