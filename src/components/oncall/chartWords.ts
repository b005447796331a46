// A chart's numbers as a screen reader hears them: rounded as its y-axis writes them (a listener
// hears "requests 1193", not "requests 1193.32"), and each series named once (a chart whose one
// line is named as the chart says its value without saying the name again). Pure but for
// pageWord and kitWord, which read the kit's words in the page's language from client.js (the
// page's shared object): the view's bundle carries no table of the kit's words.
import {maybePageApi} from "../../page/api.js";
import type {Translate} from "../i18n.js";

/** The kit's word `key` in the page's language, as client.js has it; the key itself only where client.js has not run (a unit test). */
export function pageWord(key: string, vars?: Readonly<Record<string, string | number>>): string {
  return maybePageApi()?.ui?.(key, vars) ?? key;
}

/** `key` in the lesson's words, else the kit's own (a lesson's locale lacking it is a build warning, src/site/localeWarnings.ts). */
export function kitWord(t: Translate, key: string): string {
  const word = t(key);
  return word === key ? pageWord(key) : word;
}

/** The step between a y-axis' ticks over [0, top] with about `ticks` of them (d3's nice steps: 1, 2, 5 × 10^k). */
export function tickStep(top: number, ticks: number): number {
  const raw = top / Math.max(1, ticks);
  if (!Number.isFinite(raw) || raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  return (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.SQRT2 ? 2 : 1) * power;
}

/**
 * `value` rounded as an axis over [0, top] with about `ticks` ticks writes its labels: to the
 * digits of its step, or one more where that leaves fewer than two significant digits (0.3 on an
 * axis of whole numbers stays 0.3, not 0).
 */
export function roundAsAxis(value: number, top: number, ticks: number): number {
  if (!Number.isFinite(value)) return value;
  const axis = Math.max(0, -Math.floor(Math.log10(tickStep(top, ticks))));
  const significant = value === 0 ? 0 : Math.max(0, 1 - Math.floor(Math.log10(Math.abs(value))));
  const digits = Math.min(axis + 1, Math.max(axis, significant));
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** "requests 1193, capacity 2000", or "5" when the chart's one series is named as the chart: each series once. */
export function seriesValues(title: string, series: readonly {name: string; value: string}[]): string {
  return series.map(({name, value}) => (series.length === 1 && sameWords(name, title) ? value : `${name} ${value}`)).join(", ");
}

/** Whether two labels say the same (case and spacing aside). */
function sameWords(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
  return norm(a) === norm(b);
}
