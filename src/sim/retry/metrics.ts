// One minute of the retry model: its metrics, their output order, and the values a notebook shows live.
/** One minute of the retry model. Rates are per second, averaged over the minute. */
export type RetryMetrics = {
  minute: number;
  clock: string;
  /** New requests from users, req/s. */
  fresh: number;
  /** Attempts sent: fresh requests and retries, attempts/s. */
  offered: number;
  /** Retries sent, attempts/s. */
  retries: number;
  /** Retries over attempts sent. */
  retryShare: number;
  /** Attempts the service took into its queue, attempts/s. */
  admitted: number;
  /** Attempts rejected (queue full or shed) over attempts sent. */
  shedShare: number;
  /** Admitted attempts that finish within their client's timeout, req/s. */
  goodput: number;
  /** What the service completes at full use, N/S attempts/s. */
  capacity: number;
  /** Work done over capacity. */
  utilization: number;
  /** Share of admitted attempts whose client timed out. */
  timeoutShare: number;
  /** Wait of an attempt admitted at the minute's end, seconds. */
  queueWaitS: number;
  /** The busiest second's attempts. */
  peakOffered: number;
  /** Requests that failed for the user (retries exhausted or refused by the budget) over fresh requests. */
  errorRate: number;
  /** Burn rate over the last hour (× budget rate) [6]. */
  burn1h: number;
  /** The fast-burn page has fired (latched from the first minute burn1h ≥ 14.4×) [6]. */
  alert: boolean;
  /** Share of the 30-day error budget left before this minute. */
  budgetLeft: number;
};

/** The metric fields in output order. */
export const retryFields = [
  "minute",
  "clock",
  "fresh",
  "offered",
  "retries",
  "retryShare",
  "admitted",
  "shedShare",
  "goodput",
  "capacity",
  "utilization",
  "timeoutShare",
  "queueWaitS",
  "peakOffered",
  "errorRate",
  "burn1h",
  "alert",
  "budgetLeft"
] as const satisfies readonly (keyof RetryMetrics)[];

/** The values at the end of a minute, for a notebook that shows each relation live. */
export interface RetryDetail {
  /** Mean service time this minute, seconds (the slowdown raises it). */
  serviceTimeS: number;
  /** Attempts waiting at the minute's end. */
  queue: number;
  /** Share of attempts sent this minute that failed (rejected or timed out). */
  attemptFailure: number;
  /** Attempts per fresh request this minute (offered / fresh). */
  amplification: number;
  /** Retries the budget allowed per second at the minute's fresh rate (Infinity: no budget). */
  retryAllowance: number;
  /** Retries scheduled for later (in flight at the minute's end). */
  pendingRetries: number;
  /** The 1 h window of error rates after this minute, oldest first. */
  errorWindow: readonly number[];
}
