/**
 * The signed-out screens' look: a centred card on a calm background. Kept as one
 * small stylesheet that React 19 hoists into <head> once, whichever screen renders first.
 */
export const SIGNED_OUT_CSS = `
.so-page {
  min-height: 100vh; box-sizing: border-box; display: flex; align-items: center; justify-content: center;
  padding: 32px 16px; background: linear-gradient(160deg, #eef3f8 0%, #dfe8f1 55%, #d3dfeb 100%);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2a37;
}
.so-card {
  width: 100%; max-width: 420px; box-sizing: border-box; background: #fff; border-radius: 12px;
  box-shadow: 0 12px 32px rgba(31, 42, 55, 0.12), 0 2px 6px rgba(31, 42, 55, 0.06); padding: 32px;
}
.so-card--wide { max-width: 680px; }
/* Hidden for 700 ms on load (spec part1 §4), then faded in. */
.so-card--delayed { animation: so-appear 200ms ease-out 700ms both; }
@keyframes so-appear { from { opacity: 0; visibility: hidden; transform: translateY(6px); } to { opacity: 1; visibility: visible; transform: none; } }
@media (prefers-reduced-motion: reduce) { .so-card--delayed { animation-duration: 1ms; } }
.so-brand { margin: 0 0 4px; font-size: 15px; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; color: var(--kit-primary, #0b5cad); }
.so-tagline { margin: 0 0 24px; font-size: 13px; color: #5b6b7c; }
.so-title { margin: 0 0 8px; font-size: 24px; font-weight: 600; }
.so-intro { margin: 0 0 20px; font-size: 14px; line-height: 1.5; color: #425466; }
.so-grid { display: grid; grid-template-columns: 1fr; gap: 16px; }
@media (min-width: 768px) { .so-grid { grid-template-columns: 1fr 1fr; } }
.so-actions { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 12px; }
.so-actions .kit-button { flex: 1 1 160px; }
.so-links a:focus-visible, .so-language select:focus-visible { outline: 3px solid var(--kit-focus, #1a73e8); outline-offset: 2px; }
.so-links { margin-top: 20px; display: flex; flex-direction: column; gap: 8px; font-size: 14px; }
.so-links a { color: var(--kit-primary, #0b5cad); }
.so-notice { margin: 0 0 16px; padding: 12px 14px; border-radius: 8px; font-size: 14px; line-height: 1.45; border: 1px solid; }
.so-notice--error { background: #fdecea; border-color: #e0a39c; color: #8a1c12; }
.so-notice--success { background: #e8f5ec; border-color: #9fd0ad; color: #1d5e31; }
.so-notice strong { display: block; margin-bottom: 2px; }
.so-hint { margin: -2px 0 8px; font-size: 12px; color: #5b6b7c; }
.so-language { margin-top: 24px; display: flex; justify-content: flex-end; align-items: center; gap: 8px; font-size: 13px; color: #5b6b7c; }
.so-language select { font: inherit; padding: 4px 6px; border-radius: 6px; border: 1px solid #c4cfdb; background: #fff; }
`
