// Rounding the way a person would. toFixed rounds the binary double, so 1.005 (stored as
// 1.00499999999999989…) becomes "1.00" and the lab's utilization 25/90.909… = 0.275 becomes
// "0.27". A person reads the number's decimal digits and rounds half up: 1.01, 0.28.

/**
 * `value` with exactly `digits` decimals, rounded half up (away from zero) on its decimal
 * digits: the shortest representation that reads back as the same double, at 15 significant
 * digits — the digits a double always holds exactly, so arithmetic noise past them
 * (0.27499999999999997 for 25 × 0.044 / 4) is not mistaken for a real digit. NaN and ±Infinity
 * are returned as String(value).
 */
export function roundHalfUp(value: number, digits: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) throw new RangeError(`digits must be an integer within 0–20, got ${digits}`);
  const negative = value < 0;
  // toPrecision(15) then Number() drops the noise; toExponential gives the digits and exponent.
  const clean = Number(Math.abs(value).toPrecision(15));
  const [mantissa, exponentText] = (Number.isFinite(clean) ? clean : Math.abs(value)).toExponential().split("e");
  const exponent = Number(exponentText);
  const significand = mantissa.replace(".", ""); // d.ddd → dddd, value = 0.dddd × 10^(exponent + 1)
  // Digits of the value as an integer count of 10^-digits units, plus the first dropped digit.
  const point = exponent + 1 + digits; // how many significand digits stand before the cut
  let kept: string, next: number;
  if (point <= 0) (kept = "0"), (next = point === 0 ? Number(significand[0]) : 0);
  else {
    kept = significand.slice(0, point).padEnd(point, "0");
    next = point < significand.length ? Number(significand[point]) : 0;
  }
  const units = BigInt(kept) + (next >= 5 ? 1n : 0n);
  const text = units.toString().padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  const result = digits ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(result) ? "-" + result : result;
}

/** A number with at most `digits` decimals, rounded half up, trailing zeros dropped (100, 97.561). */
export function trimmed(value: number, digits: number): string {
  const text = roundHalfUp(value, digits);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}
