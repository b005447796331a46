// A linear scale for the hand-drawn charts: domain → pixels, with round tick values from
// d3-array (the same ticks Plot's axes show) and numbers written as the axes write them.
import {nice as niceDomain, tickStep, ticks} from "d3-array";

/** A linear map from data to pixels, with its ticks. */
export interface Linear {
  (value: number): number;
  domain: [number, number];
  range: [number, number];
  /** Round values inside the domain, about `count` of them. */
  ticks: number[];
  /** A tick value as text: grouped thousands, as many decimals as the tick step needs. */
  format(value: number): string;
}

/** Options of a linear scale: extend the domain to round values, and about how many ticks. */
export interface LinearOptions {
  nice?: boolean;
  count?: number;
}

/**
 * The linear scale from `domain` to `range` (pixels). An empty domain (one value) is widened by
 * one on each side, as Plot does, so a flat series still has an axis.
 */
export function linear([d0, d1]: [number, number], range: [number, number], {nice = false, count = 5}: LinearOptions = {}): Linear {
  if (!(d0 < d1)) [d0, d1] = d0 === d1 && Number.isFinite(d0) ? [d0 - 1, d1 + 1] : [0, 1];
  if (nice) [d0, d1] = niceDomain(d0, d1, count);
  const [r0, r1] = range;
  const k = (r1 - r0) / (d1 - d0);
  const scale = ((value: number) => r0 + (value - d0) * k) as Linear;
  scale.domain = [d0, d1];
  scale.range = [r0, r1];
  scale.ticks = ticks(d0, d1, count);
  const step = Math.abs(tickStep(d0, d1, count));
  const digits = step > 0 && step < 1 ? Math.min(20, Math.ceil(-Math.log10(step) - 1e-9)) : 0;
  scale.format = (value) => tickText(value, digits);
  return scale;
}

/**
 * A tick value as Plot's axes write it: `digits` decimals without trailing zeros, thousands
 * grouped with commas, U+2212 for a minus. (Written out: an Intl.NumberFormat costs more to
 * make than a whole redrawn chart's ticks cost to write.)
 */
export function tickText(value: number, digits: number): string {
  let text = Math.abs(value).toFixed(digits);
  if (digits > 0) text = text.replace(/\.?0+$/, "");
  const point = text.indexOf(".");
  const whole = point < 0 ? text : text.slice(0, point);
  if (whole.length > 3) text = whole.replace(/\B(?=(\d{3})+$)/g, ",") + (point < 0 ? "" : text.slice(point));
  return value < 0 && Number(text.replace(/,/g, "")) !== 0 ? `−${text}` : text;
}
