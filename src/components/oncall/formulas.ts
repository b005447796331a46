// The model's relations for one minute of a run, as TeX: each symbolic, then with this minute's
// numbers substituted, and its result. Pure string building (no DOM): the page renders the TeX
// with KaTeX. Every number comes from the run's trace or from the model's own functions and
// constants (erlangC, hitRate, …), so what the page shows is what the model computed.
import {desiredInstances, MAX_INSTANCES} from "../../sim/oncall/autoscaler.js";
import {burnRate, ERROR_BUDGET, PERIOD_MIN, spendBudget, windowBurn, windowMean} from "../../sim/formulas/budget.js";
import {cacheAge, HOT_OBJECTS, hitRate, WARMUP_DB_QPS} from "../../sim/oncall/cache.js";
import {
  APP_TIME_S,
  appTime,
  DB_CAPACITY_QPS,
  dbLoad,
  HEAVY_APP_TIME_S,
  QUERY_TIME_CAP_S,
  QUERY_TIME_S,
  queryTime,
  serviceTime
} from "../../sim/oncall/database.js";
import {BAD_BUILD_CPU, BAD_BUILD_ERROR_RATE, cpuFactor, errorRate} from "../../sim/oncall/deploy.js";
import {fleetCostPerHour, INSTANCE_PRICE_PER_HOUR, ROLLBACK_COST_FACTOR} from "../../sim/oncall/fleet.js";
import {
  erlangB,
  erlangC,
  p99,
  P99_TAIL,
  saturationFailedShare,
  TIMEOUT_S,
  timeoutShare,
  utilization,
  waitExceeds,
  WORKERS_PER_INSTANCE
} from "../../sim/formulas/queue.js";
import type {RunTrace} from "../../sim/oncall/run.js";
import {arrivalRate, DIURNAL_AMPLITUDE, DIURNAL_PHASE_H, droppedShare, LOW_PRIORITY_SHARE} from "../../sim/formulas/traffic.js";

/** The relations, in the order a request meets them. */
export const formulaIds = [
  "arrivals",
  "admitted",
  "hitRate",
  "cacheAge",
  "dbLoad",
  "dbUtilization",
  "queryTime",
  "cpuFactor",
  "appTime",
  "serviceTime",
  "workers",
  "littlesLaw",
  "utilization",
  "erlangB",
  "erlangC",
  "waitTail",
  "saturated",
  "timeouts",
  "errorRate",
  "p99",
  "burnRate",
  "burn1h",
  "budget",
  "desired",
  "cost"
] as const;

/** One relation's id (the key of its name and note in the page's translations). */
export type FormulaId = (typeof formulaIds)[number];

/** One relation of the model at one minute. */
export interface Formula {
  id: FormulaId;
  /** The relation in symbols (KaTeX). */
  tex: string;
  /** The relation with this minute's numbers substituted, then "= result" and any condition in force (KaTeX). */
  texValues: string;
  /** The result as the model computed it (seconds, req/s, fractions: the model's units). */
  result: number;
  /** The sources, as the spec names them: "[3]", "[3][6]". */
  source: string;
}

/** How numbers are written in texValues. */
export interface FormulaOptions {
  /** Decimal separator: "." (en, ig) or "," (hu, pt), as the page's language writes it. */
  decimal?: "." | ",";
  /** Significant digits shown (default 4). */
  digits?: number;
}

/** A number in TeX: integers whole, others to `digits` significant digits, tiny ones as ×10ⁿ. */
export function texNumber(x: number, options: FormulaOptions = {}): string {
  const {decimal = ".", digits = 4} = options;
  if (Number.isNaN(x)) return String.raw`\text{NaN}`;
  if (!Number.isFinite(x)) return x > 0 ? String.raw`\infty` : String.raw`-\infty`;
  let text: string;
  if (Number.isInteger(x) && Math.abs(x) < 1e9) text = String(x);
  else if (x === 0) text = "0";
  else if (Math.abs(x) >= 1e-3 && Math.abs(x) < 1e9) text = String(Number(x.toPrecision(digits)));
  else {
    const [mantissa, exponent] = x.toExponential(digits - 1).split("e");
    text = `${String(Number(mantissa))}\\times 10^{${Number(exponent)}}`;
  }
  // A bare comma in TeX math is punctuation with a space after it; {,} is a decimal comma.
  return decimal === "," ? text.replace(".", "{,}") : text;
}

/**
 * The model's relations at one minute. Symbols (no words inside the TeX, so it reads the same
 * in every language; the page's translations name them): λ₀ base rate, t₀ clock at the start, σ(t) surge factor, s shedding
 * share, w warm share of the cache, r requests/s per hot object, T TTL, H hit rate, q queries per
 * request, x_w the warm-up job's queries, ρ_db database load over capacity, t_q query time,
 * f_cpu CPU factor, b bad-build share, h heavy feature (0/1), S_app and S app and service time,
 * n serving and n_s starting instances, N workers, L busy workers, U utilization and U* its
 * target, a offered load, B and C Erlang B and C, W wait, f failed share at saturation, t timeout
 * share, e error rate, β burn rate, E budget left, n* desired instances, K fleet cost per hour
 * (k = 2 while a rollback prepares).
 *
 * The relations of minute `minute` of `trace` (a simulate() result), each with this minute's
 * values substituted. Throws a RangeError when the trace has no such minute.
 */
export function formulas(trace: RunTrace, minute: number, options: FormulaOptions = {}): Formula[] {
  const metrics = trace.metrics[minute],
    state = trace.states[minute],
    controls = trace.controls[minute],
    d = trace.details[minute];
  if (!metrics || !state || !controls || !d) throw new RangeError(`the run has no minute ${minute}`);
  const n = (x: number) => texNumber(x, options);
  const bool = (on: boolean) => (on ? "1" : "0");
  const {admitted: lambda, serviceTimeS: S, workers: N, offeredLoad: a, waitProbability: C} = d;
  const bad = metrics.badBuildShare;
  const q = d.queriesPerRequest;
  const hit = metrics.hitRate;
  const extraQps = d.warmupRunning ? WARMUP_DB_QPS : 0;
  const saturatedNow = a >= N;
  // Erlang B is an O(N) recursion: computed once for its own line and Erlang C's.
  const B = erlangB(a, N);
  // As in p99(): the waiting term counts only when C is above the p99's tail.
  const waits = C > P99_TAIL;
  const list: Formula[] = [];
  // `note` (a condition in force, e.g. saturation) follows the result.
  const add = (id: FormulaId, source: string, tex: string, values: string, result: number, note?: string) =>
    list.push({id, tex, texValues: `${values} = ${n(result)}${note ? String.raw`\quad(${note})` : ""}`, result, source});

  add(
    "arrivals",
    "[6]",
    String.raw`\lambda(t) = \lambda_0\left(1 + ${n(DIURNAL_AMPLITUDE)}\sin\frac{2\pi\,(t + t_0 - ${n(DIURNAL_PHASE_H)}\,\mathrm{h})}{24\,\mathrm{h}}\right)\,\sigma(t)`,
    String.raw`\lambda = ${n(state.baseRate)}\left(1 + ${n(DIURNAL_AMPLITUDE)}\sin\frac{2\pi\,(${n(d.clockHours)} - ${n(DIURNAL_PHASE_H)})}{24}\right)\cdot ${n(d.surgeFactor)}`,
    arrivalRate(state.baseRate, d.clockHours, d.surgeFactor)
  );
  add(
    "admitted",
    "[6]",
    String.raw`\lambda_{\mathrm{adm}} = \lambda_{\mathrm{count}}\,(1 - ${n(LOW_PRIORITY_SHARE)}\,s)`,
    String.raw`\lambda_{\mathrm{adm}} = ${n(metrics.requests)}\,(1 - ${n(LOW_PRIORITY_SHARE)}\cdot ${n(controls.sheddingShare)}) = ${n(metrics.requests)}\,(1 - ${n(droppedShare(controls.sheddingShare))})`,
    d.admitted
  );
  add(
    "hitRate",
    "[5]",
    String.raw`H = w\,\frac{rT}{1 + rT},\quad r = \frac{\lambda_{\mathrm{adm}}}{${n(HOT_OBJECTS)}}`,
    String.raw`H = ${n(d.warm)}\cdot\frac{(${n(lambda)}/${n(HOT_OBJECTS)})\cdot ${n(controls.ttlS)}}{1 + (${n(lambda)}/${n(HOT_OBJECTS)})\cdot ${n(controls.ttlS)}}`,
    hitRate(lambda, controls.ttlS, d.warm)
  );
  add("cacheAge", "[5]", String.raw`\bar A \approx T/2`, String.raw`\bar A = ${n(controls.ttlS)}/2`, cacheAge(controls.ttlS));
  add(
    "dbLoad",
    "[6]",
    String.raw`L_{\mathrm{db}} = \lambda_{\mathrm{adm}}\,q\,(1 - H) + x_w`,
    String.raw`L_{\mathrm{db}} = ${n(lambda)}\cdot ${n(q)}\cdot (1 - ${n(hit)}) + ${n(extraQps)}`,
    dbLoad(lambda, q, hit, extraQps)
  );
  add(
    "dbUtilization",
    "[6]",
    String.raw`\rho_{\mathrm{db}} = L_{\mathrm{db}} / ${n(DB_CAPACITY_QPS)}`,
    String.raw`\rho_{\mathrm{db}} = ${n(d.dbLoadQps)} / ${n(DB_CAPACITY_QPS)}`,
    d.dbLoadRatio
  );
  add(
    "queryTime",
    "[6]",
    String.raw`t_q = \min\left(${n(QUERY_TIME_CAP_S)}\,\mathrm{s},\ \frac{${n(QUERY_TIME_S)}\,\mathrm{s}}{1 - \rho_{\mathrm{db}}}\right)`,
    d.dbLoadRatio >= 1
      ? "t_q"
      : String.raw`t_q = \min\left(${n(QUERY_TIME_CAP_S)},\ \frac{${n(QUERY_TIME_S)}}{1 - ${n(d.dbLoadRatio)}}\right)`,
    queryTime(d.dbLoadRatio),
    d.dbLoadRatio >= 1 ? String.raw`\rho_{\mathrm{db}} = ${n(d.dbLoadRatio)} \ge 1` : undefined
  );
  add(
    "cpuFactor",
    "[6]",
    String.raw`f_{\mathrm{cpu}} = 1 + (${n(BAD_BUILD_CPU)} - 1)\,b`,
    String.raw`f_{\mathrm{cpu}} = 1 + (${n(BAD_BUILD_CPU)} - 1)\cdot ${n(bad)}`,
    cpuFactor(bad)
  );
  add(
    "appTime",
    "[6]",
    String.raw`S_{\mathrm{app}} = (${n(APP_TIME_S)} + ${n(HEAVY_APP_TIME_S)}\,h)\,f_{\mathrm{cpu}}`,
    String.raw`S_{\mathrm{app}} = (${n(APP_TIME_S)} + ${n(HEAVY_APP_TIME_S)}\cdot ${bool(controls.heavyFeature)})\cdot ${n(d.cpuFactor)}`,
    appTime(controls.heavyFeature, d.cpuFactor)
  );
  add(
    "serviceTime",
    "[6]",
    String.raw`S = S_{\mathrm{app}} + (1 - H)\,q\,t_q`,
    String.raw`S = ${n(d.appTimeS)} + (1 - ${n(hit)})\cdot ${n(q)}\cdot ${n(d.queryTimeS)}`,
    serviceTime(d.appTimeS, hit, q, d.queryTimeS)
  );
  add(
    "workers",
    "[6]",
    String.raw`N = ${n(WORKERS_PER_INSTANCE)}\,n`,
    String.raw`N = ${n(WORKERS_PER_INSTANCE)}\cdot ${n(metrics.serving)}`,
    d.workers
  );
  add("littlesLaw", "[4]", String.raw`L = \lambda S`, String.raw`L = ${n(lambda)}\cdot ${n(S)}`, d.offeredLoad);
  add(
    "utilization",
    "[4]",
    String.raw`U = \min\left(1, \frac{\lambda S}{N}\right)`,
    String.raw`U = \min\left(1, \frac{${n(a)}}{${n(N)}}\right)`,
    utilization(lambda, S, N)
  );
  add(
    "erlangB",
    "[3]",
    String.raw`B(0) = 1,\quad B(k) = \frac{a\,B(k-1)}{k + a\,B(k-1)},\quad a = \lambda S`,
    String.raw`B(${n(a)},\ ${n(N)})`,
    B
  );
  add(
    "erlangC",
    "[3]",
    String.raw`C(a, N) = \frac{B}{1 - \frac{a}{N}(1 - B)}\quad (a < N),\qquad C = 1\quad (a \ge N)`,
    saturatedNow ? "C" : String.raw`C = \frac{${n(B)}}{1 - \frac{${n(a)}}{${n(N)}}(1 - ${n(B)})}`,
    erlangC(a, N),
    saturatedNow ? String.raw`a = ${n(a)} \ge N = ${n(N)}` : undefined
  );
  add(
    "waitTail",
    "[3]",
    String.raw`P(W > ${n(TIMEOUT_S)}\,\mathrm{s}) = C\,e^{-(N/S - \lambda)\cdot ${n(TIMEOUT_S)}}`,
    String.raw`P(W > ${n(TIMEOUT_S)}) = \min\left(1,\ ${n(C)}\,e^{-(${n(N)}/${n(S)} - ${n(lambda)})\cdot ${n(TIMEOUT_S)}}\right)`,
    waitExceeds(TIMEOUT_S, C, N, S, lambda)
  );
  add(
    "saturated",
    "[3]",
    String.raw`a \ge N \Rightarrow f = 1 - N/a`,
    saturatedNow ? `f = 1 - ${n(N)}/${n(a)}` : "f",
    saturationFailedShare(a, N),
    saturatedNow ? undefined : `a = ${n(a)} < N = ${n(N)}`
  );
  add(
    "timeouts",
    "[3]",
    String.raw`t = \begin{cases} P(W > ${n(TIMEOUT_S)}\,\mathrm{s}) & a < N \\ 1 - N/a & a \ge N \end{cases}`,
    saturatedNow ? `t = 1 - ${n(N)}/${n(a)}` : `t = P(W > ${n(TIMEOUT_S)})`,
    timeoutShare(lambda, S, N, C)
  );
  add(
    "errorRate",
    "[6]",
    String.raw`e = t + (1 - t)\cdot ${n(BAD_BUILD_ERROR_RATE)}\,b`,
    String.raw`e = ${n(metrics.timeoutShare)} + (1 - ${n(metrics.timeoutShare)})\cdot ${n(BAD_BUILD_ERROR_RATE)}\cdot ${n(bad)}`,
    errorRate(metrics.timeoutShare, bad)
  );
  add(
    "p99",
    "[3][6]",
    String.raw`p_{99} \approx S\ln 100 + \frac{\ln(C/${n(P99_TAIL)})}{N/S - \lambda}`,
    saturatedNow
      ? "p_{99}"
      : waits
        ? String.raw`p_{99} = ${n(S)}\ln 100 + \frac{\ln(${n(C)}/${n(P99_TAIL)})}{${n(N)}/${n(S)} - ${n(lambda)}}`
        : String.raw`p_{99} = ${n(S)}\ln 100`,
    p99(lambda, S, N, C),
    saturatedNow ? String.raw`a \ge N` : waits ? undefined : String.raw`C = ${n(C)} \le ${n(P99_TAIL)}`
  );
  add(
    "burnRate",
    "[1][2]",
    String.raw`\beta = \frac{e}{1 - \mathrm{SLO}} = \frac{e}{${n(ERROR_BUDGET)}}`,
    String.raw`\beta = \frac{${n(metrics.errorRate)}}{${n(ERROR_BUDGET)}}`,
    burnRate(metrics.errorRate)
  );
  add(
    "burn1h",
    "[2]",
    String.raw`\beta_{1\,\mathrm{h}} = \frac{\bar e_{60\,\mathrm{min}}}{${n(ERROR_BUDGET)}}`,
    String.raw`\beta_{1\,\mathrm{h}} = \frac{${n(windowMean(d.errorWindow))}}{${n(ERROR_BUDGET)}}`,
    windowBurn(d.errorWindow)
  );
  add(
    "budget",
    "[1][2]",
    String.raw`E' = \max\left(0,\ E - \frac{\beta}{${n(PERIOD_MIN)}}\right)`,
    String.raw`E' = \max\left(0,\ ${n(metrics.budgetLeft)} - \frac{${n(burnRate(metrics.errorRate))}}{${n(PERIOD_MIN)}}\right)`,
    spendBudget(metrics.budgetLeft, burnRate(metrics.errorRate))
  );
  add(
    "desired",
    "[6]",
    String.raw`n^{*} = \left\lceil \frac{n\,\min(1, U)}{U^{*}} \right\rceil \in [n_{\min},\ ${n(MAX_INSTANCES)}]`,
    String.raw`n^{*} = \left\lceil \frac{${n(metrics.serving)}\cdot ${n(metrics.utilization)}}{${n(controls.targetUtilization)}} \right\rceil \in [${n(controls.fleetMin)},\ ${n(MAX_INSTANCES)}]`,
    desiredInstances(metrics.serving, metrics.utilization, controls.targetUtilization, controls.fleetMin)
  );
  add(
    "cost",
    "[6]",
    String.raw`K = ${n(INSTANCE_PRICE_PER_HOUR)}\,(n + n_s)\,k,\quad k \in \{1, ${n(ROLLBACK_COST_FACTOR)}\}`,
    String.raw`K = ${n(INSTANCE_PRICE_PER_HOUR)}\cdot (${n(metrics.serving)} + ${n(metrics.starting)})\cdot ${n(d.rollbackPreparing ? ROLLBACK_COST_FACTOR : 1)}`,
    fleetCostPerHour(metrics.serving + metrics.starting, d.rollbackPreparing)
  );
  return list;
}
