// Which locale keys a lesson's page reads, so that a build can say which ones its locale lacks
// (src/site/localeWarnings.ts): the keys its views read by name (the literal first argument of a
// `t("…")` call in a view's source) and the keys its scenarios' records make the kit's views read
// (each offered control's and button's label and help, each event's name, the model's measures in
// the debrief's table and sentences). Keys a view builds from its options at run time (a
// dashboard's `metric.<field>`) are not known before the page runs and are not listed. Pure.
import {catalog, modelOf, offeredButtons, offeredControls} from "../sim/catalog.js";
import type {Scenario} from "../sim/kit/scenario.js";
import {buttons as oncallButtons, learnerControls} from "./oncall/session.js";

/** The keys `source` reads by name: the literal argument of each `t("…")`, `t('…')` or `` t(`…`) `` call without a placeholder. */
export function keysRead(source: string): string[] {
  const keys = new Set<string>();
  for (const match of source.matchAll(/(?<![\w$.])t\(\s*(?:"([\w.-]+)"|'([\w.-]+)'|`([\w.-]+)`)/g))
    keys.add(match[1] ?? match[2] ?? match[3]);
  return [...keys];
}

/**
 * The keys the kit's views read for `scenario`: control.<name> and help.<name> of each control
 * and button.<name> and help.<name> of each button the controls view shows (its offers, else the
 * on-call preset), event.<kind> of each event, and
 * for each of the model's measures debrief.<id> (its row) and, when it is named in the sentences,
 * amount.<field>.more and .less.
 */
export function scenarioKeys(scenario: Scenario): string[] {
  const model = modelOf(scenario);
  // As the controls view shows them: a scenario's offers, else the on-call page's preset.
  const own = scenario.offers !== undefined;
  const controls = own ? offeredControls(scenario) : learnerControls,
    buttons = own ? offeredButtons(scenario) : oncallButtons;
  const keys = [
    ...controls.flatMap((name) => [`control.${name}`, `help.${name}`]),
    ...buttons.flatMap((name) => [`button.${name}`, `help.${name}`]),
    ...scenario.events.map((e) => `event.${e.kind}`),
    ...(model.measures ?? []).flatMap((m) => [
      `debrief.${m.id ?? m.field}`,
      ...(m.story === false ? [] : [`amount.${m.field}.more`, `amount.${m.field}.less`])
    ])
  ];
  return [...new Set(keys)];
}

/**
 * The keys the kit's views read on `page` (an .html name) for the shipped scenarios it plays (a
 * record's `page`, on-call.html when it names none), each with who reads it.
 */
export function pageScenarioKeys(page: string): Map<string, string> {
  const read = new Map<string, string>();
  for (const scenario of catalog.filter((s) => (s.page ?? "on-call.html") === page)) {
    for (const key of scenarioKeys(scenario)) if (!read.has(key)) read.set(key, `the ${scenario.name} scenario`);
  }
  return read;
}

/** One key the page reads and a locale table lacks, and who reads it. */
export interface MissingKey {
  key: string;
  readBy: string;
}

/**
 * The keys in `read` (key → who reads it) that `table` lacks, leaving out the page's own named
 * texts (`named`, its data-text blocks, which the page adds to every table).
 */
export function missingKeys(
  read: ReadonlyMap<string, string>,
  table: Readonly<Record<string, unknown>>,
  named: ReadonlySet<string> = new Set()
): MissingKey[] {
  return [...read].filter(([key]) => !Object.hasOwn(table, key) && !named.has(key)).map(([key, readBy]) => ({key, readBy}));
}
