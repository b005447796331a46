// The simulated clock: minutes after midnight and "HH:MM", for every model's metrics and scenarios.

/**
 * Time of day "HH:MM" for a clock in minutes after midnight (wrapping past 24:00).
 * @example formatClock(490) // "08:10"
 */
export function formatClock(clockMin: number): string {
  const m = ((Math.floor(clockMin) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Minutes after midnight of "HH:MM". */
export function parseClock(clock: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match || +match[1] > 23 || +match[2] > 59) throw new RangeError(`bad clock "${clock}", expected HH:MM`);
  return +match[1] * 60 + +match[2];
}
