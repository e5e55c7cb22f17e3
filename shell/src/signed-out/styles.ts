/**
 * The signed-out screens' look: a centred card on a calm background. Kept as one
 * small stylesheet that React 19 hoists into <head> once, whichever screen renders first.
 */
export const SIGNED_OUT_CSS = `
.so-page {
  min-height: 100vh; box-sizing: border-box; display: flex; align-items: center; justify-content: center;
  padding: var(--kit-space-5) var(--kit-space-3); background: linear-gradient(160deg, #eef3f8 0%, #dfe8f1 55%, #d3dfeb 100%);
  font-family: var(--kit-font); color: var(--kit-text);
}
.so-card {
  width: 100%; max-width: 420px; box-sizing: border-box; background: var(--kit-surface); border-radius: var(--kit-radius-lg);
  box-shadow: var(--kit-shadow); padding: var(--kit-space-5);
}
.so-card--wide { max-width: 680px; }
/*
 * Hidden for 700 ms on load (spec part1 §4), then faded in. The fields alone stay visible to
 * the browser (still transparent with the card), so the e-mail field takes focus at once and
 * what is typed meanwhile is kept.
 */
.so-card--delayed { animation: so-appear 200ms ease-out 700ms both; }
.so-card--delayed input { visibility: visible; }
@keyframes so-appear { from { opacity: 0; visibility: hidden; transform: translateY(6px); } to { opacity: 1; visibility: visible; transform: none; } }
@media (prefers-reduced-motion: reduce) { .so-card--delayed { animation-duration: 1ms; } }
.so-brand { margin: 0 0 4px; font-size: 15px; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; color: var(--kit-brand); }
.so-tagline { margin: 0 0 var(--kit-space-4); font-size: var(--kit-text-sm); color: var(--kit-muted); }
.so-title { margin: 0 0 var(--kit-space-2); font-size: var(--kit-text-2xl); font-weight: var(--kit-weight-bold); }
.so-intro { margin: 0 0 var(--kit-space-4); font-size: var(--kit-text-sm); line-height: var(--kit-line); color: var(--kit-muted); }
.so-actions { display: flex; flex-wrap: wrap; gap: var(--kit-space-2); margin-top: var(--kit-space-3); }
.so-actions .kit-button { flex: 1 1 160px; }
.so-card .kit-form > .kit-button { align-self: stretch; }
.so-language select:focus-visible { outline: 3px solid var(--kit-focus); outline-offset: 2px; }
.so-links { margin-top: var(--kit-space-4); display: flex; flex-direction: column; gap: var(--kit-space-2); font-size: var(--kit-text-sm); }
.so-card > .kit-alert { margin-bottom: var(--kit-space-3); }
.so-hint { margin: -2px 0 var(--kit-space-2); font-size: var(--kit-text-xs); color: var(--kit-muted); }
.so-language { margin-top: var(--kit-space-4); display: flex; justify-content: flex-end; align-items: center; gap: var(--kit-space-2); font-size: var(--kit-text-sm); color: var(--kit-muted); }
.so-language select { font: inherit; padding: var(--kit-space-1) var(--kit-space-2); border-radius: var(--kit-radius); border: 1px solid var(--kit-border); background: var(--kit-surface); color: var(--kit-text); }
`
