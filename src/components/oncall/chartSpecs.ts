// The on-call page's charts: the charts view's preset.
import {FAST_BURN, ERROR_BUDGET} from "../../sim/formulas/budget.js";
import {serviceRate} from "../../sim/formulas/queue.js";
import {blue, grey, orange} from "./chartColors.js";
import type {ChartSpec} from "./chartSpec.js";

/** The on-call charts, in the order: the charts view's preset. */
export const chartSpecs: readonly ChartSpec[] = [
  {
    id: "requests",
    series: [
      {key: "chart.requests.requests", color: blue, value: (m) => m.requests},
      // The fleet's service rate N/S from the model's workers and service time this minute.
      {
        key: "chart.requests.capacity",
        color: grey,
        dash: "6,3",
        value: (_, trace, i) => serviceRate(trace.details[i].workers, trace.details[i].serviceTimeS)
      }
    ],
    minTop: 2000,
    scaleBy: 1
  },
  {
    id: "instances",
    series: [
      {key: "chart.instances.serving", color: blue, value: (m) => m.serving},
      {key: "chart.instances.starting", color: orange, dash: "6,3", value: (m) => m.starting}
    ],
    minTop: 20
  },
  {id: "p99", series: [{key: "chart.p99", color: blue, value: (m) => m.p99Ms}], minTop: 2000, fixedTop: 2000},
  {
    id: "errors",
    series: [{key: "chart.errors", color: blue, value: (m) => m.errorRate * 100}],
    reference: {y: ERROR_BUDGET * 100, key: "chart.errors.slo"},
    minTop: 0.5
  },
  {
    id: "burn",
    series: [{key: "chart.burn", color: blue, value: (m) => m.burn1h}],
    reference: {y: FAST_BURN, key: "chart.burn.fast"},
    minTop: 20
  },
  {id: "budget", series: [{key: "chart.budget", color: blue, value: (m) => m.budgetLeft * 100}], minTop: 100, fixedTop: 100},
  {id: "db", series: [{key: "chart.db", color: blue, value: (m) => m.dbUtilization * 100}], minTop: 100, fixedTop: 100},
  {id: "hit", series: [{key: "chart.hit", color: blue, value: (m) => m.hitRate * 100}], minTop: 100, fixedTop: 100},
  {id: "cost", series: [{key: "chart.cost", color: blue, value: (m) => m.fleetCostPerHour}], minTop: 10}
];
