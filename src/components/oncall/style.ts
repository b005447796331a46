// The on-call page's stylesheet, added once to the document by the first view that needs it.

const css = `
.oc-sticky { position: sticky; top: 0; z-index: 20; background: var(--qb-bg, #fff); }
.oc-bar { background: color-mix(in srgb, var(--qb-bg, #fff) 97%, transparent); border-bottom: 1px solid var(--qb-faint, #e5e7eb); margin: 0 -1.25rem 1rem; padding: 0.5rem 1.25rem; display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 0.9rem; font-size: 0.9rem; }
.oc-time { display: flex; align-items: baseline; gap: 0.5rem; font-variant-numeric: tabular-nums; flex-wrap: wrap; }
.oc-clock { font-size: 1.6rem; font-weight: 700; letter-spacing: 0.02em; }
.oc-minute { color: var(--qb-muted, #6b7280); white-space: nowrap; }
.oc-burn { white-space: nowrap; padding: 0.1rem 0.45rem; border-radius: 5px; background: var(--qb-backdrop, #f3f4f6); font-size: 0.85rem; }
.oc-burn.oc-fast { background: var(--qb-error-bg, #fef3f2); color: var(--qb-error, #b42318); }
.oc-buttons { display: flex; gap: 0.3rem; align-items: center; flex-wrap: wrap; }
.oc-bar button, .oc-controls button, .oc-seed button { font: inherit; font-size: 0.9rem; padding: 0.3rem 0.7rem; border: 1px solid var(--qb-border, #c7cbd1); border-radius: 6px; background: var(--qb-bg, #fff); color: var(--qb-text, inherit); cursor: pointer; }
.oc-bar button:hover, .oc-controls button:hover, .oc-seed button:hover { background: var(--qb-hover, #f3f4f6); }
.oc-bar button.oc-play { background: var(--qb-accent, #3b5bdb); border-color: var(--qb-accent, #3b5bdb); color: var(--qb-on-accent, #fff); min-width: 5.5rem; }
.oc-bar button[aria-pressed=true] { background: var(--qb-accent-bg, #e8edff); border-color: var(--qb-accent, #3b5bdb); color: var(--qb-text, inherit); font-weight: 600; } /* play while playing too: Pause in the text colour on the pressed fill */
.oc-scrub { flex: 1 1 12rem; display: flex; align-items: center; gap: 0.4rem; min-width: 10rem; }
.oc-scrub input { flex: 1; min-width: 6rem; }
.oc-alert { flex-basis: 100%; background: var(--qb-error-bg, #fef3f2); color: var(--qb-error, #b42318); border: 1px solid var(--qb-error-border, #fda29b); border-radius: 6px; padding: 0.3rem 0.6rem; font-weight: 600; }
.oc-alert[hidden] { display: none; }
.oc-alert.oc-resolved { background: var(--qb-ok-bg, #ecfdf3); color: var(--qb-ok, #067647); border-color: var(--qb-ok-border, #75e0a7); }
.oc-pause-toggle { display: inline-flex; align-items: center; gap: 0.3rem; font-size: 0.85rem; color: var(--qb-muted, #4b5563); }
.oc-pause-note { flex-basis: 100%; margin: 0; background: var(--qb-warn-bg, #fffbeb); border: 1px solid var(--qb-warn-border, #fcd34d); border-radius: 6px; padding: 0.3rem 0.6rem; color: var(--qb-warn, #78350f); }
.oc-pause-note[hidden] { display: none; }
.oc-end-note { flex-basis: 100%; margin: 0; display: flex; align-items: center; flex-wrap: wrap; gap: 0.3rem 0.6rem; font-weight: 600; }
.oc-end-note[hidden], .oc-end-note button[hidden] { display: none; }
.oc-bar button[aria-disabled=true] { opacity: 0.45; cursor: not-allowed; }
.oc-sign { margin-right: 0.3em; }
.oc-narrow, .oc-more-button { display: none; }
.oc-bar button.oc-more-button { display: none; }
.oc-notice { background: var(--qb-warn-bg, #fffaeb); border: 1px solid var(--qb-warn-border, #fec84b); border-radius: 6px; padding: 0.5rem 0.75rem; margin: 0.5rem 0; }
.oc-scenario { display: grid; gap: 0.5rem; }
.oc-scenario select { font: inherit; padding: 0.25rem; }
.oc-brief { margin: 0.25rem 0 0; padding: 0.6rem 0.9rem; border-left: 4px solid var(--qb-accent, #3b5bdb); background: var(--qb-tint, #f6f7fb); }
.oc-seed { display: flex; align-items: center; gap: 0.5rem; flex-wrap: wrap; }
.oc-seed input { font: inherit; width: 8rem; padding: 0.2rem 0.4rem; }
.oc-help { color: var(--qb-muted, #6b7280); font-size: 0.85rem; line-height: 1.4; margin: 0.15rem 0 0; }
.oc-dash { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.5rem; margin: 0.5rem 0 1rem; }
.oc-tile { border: 1px solid var(--qb-faint, #e5e7eb); border-radius: 8px; padding: 0.45rem 0.6rem; background: var(--qb-bg, #fff); }
.oc-tile .oc-label { font-size: 0.78rem; color: var(--qb-muted, #6b7280); line-height: 1.25; }
.oc-tile .oc-value { font-size: 1.25rem; font-weight: 650; font-variant-numeric: tabular-nums; white-space: nowrap; }
.oc-tile.oc-headline { grid-column: 1 / -1; display: flex; align-items: baseline; justify-content: space-between; gap: 1rem; }
.oc-tile.oc-headline .oc-label { font-size: 1rem; color: inherit; font-weight: 600; }
.oc-tile.oc-headline .oc-value { font-size: 2rem; }
.oc-tile.oc-fast { border-color: var(--qb-error-border, #fda29b); background: var(--qb-error-bg, #fef3f2); }
.oc-tile.oc-fast .oc-value { color: var(--qb-error, #b42318); }
.oc-tile.oc-at-limit { border-color: var(--qb-error-border, #fda29b); background: var(--qb-error-bg, #fef3f2); }
.oc-tile.oc-at-limit .oc-value { color: var(--qb-error, #b42318); }
.oc-controls { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.75rem 1.25rem; margin: 0.5rem 0 1rem; }
.oc-control label { font-weight: 600; display: flex; align-items: center; gap: 0.5rem; flex-wrap: wrap; }
.oc-control label.oc-check { display: block; }
.oc-control label.oc-check input { margin: 0 0.45rem 0 0; vertical-align: -0.1em; }
.oc-control .oc-input { display: flex; align-items: center; gap: 0.5rem; }
.oc-control input[type=range] { flex: 1; min-width: 0; }
.oc-control output { font-variant-numeric: tabular-nums; min-width: 3.5rem; text-align: right; white-space: nowrap; }
.oc-control .oc-status { font-weight: 400; color: var(--qb-caution, #b54708); font-size: 0.85rem; }
.oc-log { width: 100%; }
.oc-log td:first-child, .oc-log td:nth-child(2) { font-variant-numeric: tabular-nums; white-space: nowrap; }
.oc-log tr.oc-later { color: var(--qb-muted, #6b7280); font-style: italic; }
.oc-legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; font-size: 0.8rem; margin: 0.25rem 0 0.5rem; }
.oc-legend.oc-key { font-size: 0.72rem; gap: 0.1rem 0.8rem; margin: 0 0 0.1rem; color: var(--qb-muted, #4b5563); min-height: 1.2rem; }
.oc-legend span::before { content: ""; display: inline-block; width: 0.9rem; height: 0; border-top: 2px solid var(--c); margin-right: 0.3rem; vertical-align: middle; }
.oc-legend span.oc-dashed::before { border-top-style: dashed; }
.oc-charts { display: grid; grid-template-columns: repeat(var(--oc-columns, 2), minmax(0, 1fr)); gap: 0.5rem 1rem; }
/* on the stage the charts are three a row: their titles in the size of the slide's text, not a heading's */
html.qb-present .oc-charts h4 { font-size: 0.8em; margin: 0.3rem 0 0.2rem; }
html.qb-present .oc-charts details summary { font-size: 15px; }
/* Off-screen parts skip rendering while the day plays (about a third of a frame's work). */
.oc-chart { content-visibility: auto; contain-intrinsic-size: auto 150px; }
.oc-model, .oc-debrief-box { content-visibility: auto; contain-intrinsic-size: auto 1500px; }
.oc-chart h4 { margin: 0.5rem 0 0.1rem !important; font-size: 0.85rem !important; font-weight: 600; }
.oc-chart svg { max-width: 100%; height: auto; overflow: visible; }
.oc-relations { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.9rem; }
.oc-relation { border-top: 1px solid var(--qb-faint, #e5e7eb); padding-top: 0.6rem; }
.oc-relation .oc-seedline { font-size: 0.85rem; color: var(--qb-text, #374151); overflow-wrap: anywhere; }
.oc-relation .oc-tex { overflow-x: auto; overflow-y: hidden; padding: 0; max-width: 100%; }
.oc-relation .oc-tex .katex-display { margin: 0.2rem 0; text-align: left; }
.oc-formula { margin: 0.5rem 0 0; }
.oc-formula-name { font-size: 0.85rem; font-weight: 600; }
.oc-values { color: var(--qb-accent-strong, #1d4ed8); }
.oc-relation .oc-note { font-size: 0.85rem; color: var(--qb-muted, #6b7280); font-style: italic; margin: 0.3rem 0 0; }
/* on the stage a relation a slide (src/page/slideParts.ts): its formulas smaller, two a row when it has three or more */
html.qb-present .oc-relation .oc-tex { font-size: 0.75em; }
html.qb-present .oc-relation .oc-tex .katex-display { margin: 0.1rem 0; }
html.qb-present .oc-model .oc-sources, html.qb-present .oc-model > .oc-note, html.qb-present .oc-model .oc-footer { font-size: 0.75em; }
html.qb-present .oc-model > h3 { font-size: 1em; margin: 0.6rem 0 0.2rem; }
html.qb-present .oc-relation:has(> .oc-formula:nth-of-type(3)) { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); column-gap: 2rem; }
html.qb-present .oc-relation > .oc-seedline, html.qb-present .oc-relation > .oc-note { grid-column: 1 / -1; }
.oc-cite { font-size: 0.8rem; color: var(--qb-accent, #3b5bdb); white-space: nowrap; }
.oc-footer { margin-top: 1.5rem; padding: 0.75rem 1rem; background: var(--qb-code-bg, #f6f7f9); border-radius: 6px; font-size: 0.9rem; }
.oc-debrief table { width: 100%; }
.oc-debrief td:not(:first-child), .oc-debrief th:not(:first-child) { text-align: right; font-variant-numeric: tabular-nums; }
.oc-debrief td:not(:first-child) { white-space: nowrap; }
.oc-scroll { overflow-x: auto; }
.oc-share { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; font-size: 0.85rem; }
.oc-share-hint { flex-basis: 100%; margin: 0; }
.oc-share input { flex: 1; min-width: 10rem; font: 0.8rem var(--monospace, monospace); padding: 0.2rem 0.3rem; }
/* Paper: a chart with its title and legend, a relation with its formulas, a tile, stay together. */
@media print {
  .oc-sticky { position: static; }
  .oc-charts > div, .oc-chart, .oc-formula, .oc-tile, .oc-relation .oc-seedline { break-inside: avoid; } /* a chart with its title */
  .oc-chart h4, .oc-legend, .oc-seedline { break-after: avoid; }
}
@media (max-width: 640px) {
  /* One compact row: clock, burn, play, step, speeds, "⋯" (the stop toggle and the slider behind
     it); the words beside them are read, not shown; a note takes a short line of its own. */
  .oc-bar { margin: 0 -1.25rem 0.5rem; padding: 0.3rem 0.6rem; gap: 0.25rem 0.35rem; flex-wrap: wrap; }
  .oc-time { flex-wrap: nowrap; gap: 0.35rem; }
  .oc-clock { font-size: 1.1rem; }
  .oc-minute, .oc-bar .oc-wide { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
  .oc-bar .oc-sign { margin-right: 0; }
  .oc-bar .oc-narrow { display: inline; }
  .oc-burn { padding: 0.05rem 0.3rem; }
  .oc-buttons { flex-wrap: nowrap; gap: 0.2rem; }
  .oc-buttons .oc-help { display: none; }
  .oc-bar button.oc-more-button { display: inline-block; }
  .oc-bar .oc-more { display: none; }
  .oc-bar.oc-open .oc-more { display: flex; flex-basis: 100%; }
  .oc-alert, .oc-pause-note, .oc-end-note { font-size: 0.78rem; line-height: 1.3; padding: 0.15rem 0.45rem; }
  .oc-bar button { padding: 0.2rem 0.45rem; min-height: 2rem; }
  .oc-bar button.oc-play { min-width: 2.4rem; }
  .oc-dash { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .oc-tile.oc-headline .oc-value { font-size: 1.6rem; }
  .oc-controls, .oc-charts { grid-template-columns: minmax(0, 1fr); }
  .oc-debrief table { font-size: 0.78rem; }
  .oc-debrief th, .oc-debrief td { padding-right: 0.4rem; }
  .oc-debrief td:first-child { min-width: 7rem; }
}
`;

/** Adds the page's stylesheet once. */
export function ensureStyle(): void {
  if (document.getElementById("oc-style")) return;
  const style = document.createElement("style");
  style.id = "oc-style";
  style.textContent = css;
  document.head.append(style);
}
