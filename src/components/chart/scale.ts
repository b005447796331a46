// A linear scale for the hand-drawn charts: domain → pixels, with round tick values from
// d3-array (the same ticks Plot's axes show) and numbers written as the axes write them.
import {tickStep, ticks} from "d3-array";

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

/**
 * The linear scale from `domain` (low, high) to `range` (pixels), with about `count` ticks (at
 * least one). A one-value domain is widened by one on each side, as Plot does, so a flat series
 * still has an axis; a domain with NaN, an infinity or low above high becomes [0, 1].
 */
export function linear([d0, d1]: [number, number], range: [number, number], count = 5): Linear {
  if (!(d0 < d1 && Number.isFinite(d0) && Number.isFinite(d1))) [d0, d1] = d0 === d1 && Number.isFinite(d0) ? [d0 - 1, d1 + 1] : [0, 1];
  count = Math.max(1, count);
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
