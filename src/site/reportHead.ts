// The line an export opens with, saying what the report shows: the notebook (its title and
// file) and the state it was exported at, in the words of the kit that defines its part (for an
// on-call run its scenario, seed, minute and decisions), and the link that reopens it. No date:
// two exports of the same state are the same bytes. Marked data-qb-ui, so the editor and
// presentation mode leave it out of the notebook.
import {escapeHtml} from "../notebook/parse.js";
import {findStatePart, type StatePart} from "./statePart.js";

/** What the report line names. */
export interface ReportFacts {
  title: string;
  /** The notebook's file as shown (relative to its folder): `on-call.md`. */
  notebook: string;
  /** The page's own name, which the link is relative to: `on-call.html`. */
  page: string;
  /** The URL hash the page shows, with or without `#` ("" for none). */
  hash: string;
  /** The hash parts the lessons' kits define, which the line puts in words (src/cli/stateParts.ts). */
  parts?: readonly StatePart[];
}

/** The report line's HTML (`<p class="qb-report" data-qb-report>`); every fact is escaped text. */
export function reportHead(facts: ReportFacts): string {
  const hash = facts.hash.replace(/^#/, "");
  const link = hash ? `${facts.page}#${hash}` : facts.page;
  const found = findStatePart(hash.split("&"), facts.parts ?? []);
  const run = found?.part.words(found.value);
  const state = run ? ` · as exported: ${escapeHtml(run)}` : hash ? " · as exported" : "";
  return `<p class="qb-report" data-qb-report data-qb-ui lang="en"><strong>${escapeHtml(facts.title)}</strong> · ${escapeHtml(facts.notebook)}${state} · <a href="${escapeHtml(hash ? `#${hash}` : link)}">${escapeHtml(link)}</a></p>\n`;
}
