// The layout of a page a project's config shapes (src/site/configPage.ts): the sidebar at the left
// from 60rem (960 px) on, above the page and closed below it; the table of contents at the right
// where the reading column, the sidebar and it fit side by side; the header, the pager and the
// footer in the page's column. Written into the page (a few hundred bytes gzipped) so a page
// without a config carries none of it. Colours are queuebook's variables, so themes apply.

/** The chrome's stylesheet. */
export const chromeCss = `
.qb-sidebar { font: 14px/1.5 var(--sans-serif); border-bottom: 1px solid var(--qb-faint); background: var(--theme-background-alt, var(--qb-code-bg)); }
.qb-sidebar-box > summary { padding: 0.6rem 1rem; font-weight: 650; cursor: pointer; }
.qb-sidebar ol { list-style: none; margin: 0; padding: 0 0 0.5rem; }
.qb-sidebar li a, .qb-sidebar li > span { display: block; padding: 0.3rem 1rem; color: var(--qb-muted); text-decoration: none; border-left: 2px solid transparent; }
.qb-sidebar li a:hover { color: var(--qb-text); background: var(--qb-hover); }
.qb-sidebar a[aria-current="page"] { color: var(--qb-accent); border-left-color: var(--qb-accent); font-weight: 600; }
.qb-sidebar-home a { color: var(--qb-text); }
.qb-sidebar-section summary { padding: 0.45rem 1rem 0.2rem; font-weight: 600; color: var(--qb-text); cursor: pointer; }
.qb-sidebar-section summary a { display: inline; padding: 0; border: 0; color: inherit; }
.qb-sidebar-section ol { padding-left: 0.75rem; }
@media (min-width: 60rem) {
  html.qb-has-sidebar body { padding-left: 15rem; }
  .qb-sidebar { position: fixed; top: 0; left: 0; bottom: 0; width: 15rem; overflow-y: auto; border-bottom: 0; border-right: 1px solid var(--qb-faint); box-sizing: border-box; }
}
.qb-header { box-sizing: border-box; max-width: var(--qb-width); margin: 0 auto; padding: 1rem 1.25rem 0; }
html:has(main.qb-wide) .qb-header, html:has(main.qb-wide) .qb-pager { max-width: none; }
#observablehq-footer { font-family: var(--sans-serif); }
html:has(main.qb-wide) .qb-footer { max-width: none; }
.qb-pager { box-sizing: border-box; max-width: var(--qb-width); margin: -3rem auto 2rem; padding: 0 1.25rem; display: flex; gap: 1rem; }
.qb-pager a { flex: 1; display: flex; flex-direction: column; padding: 0.75rem 1rem; border: 1px solid var(--qb-faint); border-radius: 0.5rem; color: var(--qb-accent); text-decoration: none; }
.qb-pager a span { font-size: 0.85em; color: var(--qb-muted); }
.qb-pager a[rel="next"] { text-align: right; margin-left: auto; }
.qb-toc { display: none; font: 14px/1.5 var(--sans-serif); }
.qb-toc div { font-weight: 650; margin-bottom: 0.4rem; }
.qb-toc ol { list-style: none; margin: 0; padding: 0; }
.qb-toc a { display: block; padding: 0.2rem 0 0.2rem 0.75rem; border-left: 1px solid var(--qb-faint); color: var(--qb-muted); text-decoration: none; }
.qb-toc a:hover { color: var(--qb-accent); }
@media (min-width: 72rem) {
  html.qb-has-toc:not(.qb-has-sidebar) body { padding-right: 13rem; }
  html.qb-has-toc:not(.qb-has-sidebar) .qb-toc { display: block; position: fixed; top: 4rem; right: 1rem; width: 12rem; max-height: calc(100vh - 6rem); overflow-y: auto; }
}
@media (min-width: 84rem) {
  html.qb-has-toc.qb-has-sidebar body { padding-right: 13rem; }
  html.qb-has-toc.qb-has-sidebar .qb-toc { display: block; position: fixed; top: 4rem; right: 1rem; width: 12rem; max-height: calc(100vh - 6rem); overflow-y: auto; }
}
@media print { .qb-sidebar, .qb-toc, .qb-pager { display: none !important; } html.qb-has-sidebar body, html.qb-has-toc body { padding: 0; } }
`
  .trim()
  .replace(/\n\s*/g, "\n");
