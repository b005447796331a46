// The kit's spec shapes in one place: what a lesson writes to make a scenario and compose a page
// from the views, each documented where it is defined (follow the type). Types only: importing
// this module adds nothing to a page.
//
//   Scenario, TextbookStep/TextbookAt, EventSpec/EventKind      a scenario record (src/sim)
//   SimModel, SummaryMeasure, SloSpec, Cause, WorstMinute        a model as the kit uses it (src/sim/kit/model.ts)
//   MetricSpec (limit), TileValue                                a dashboard tile (format.ts)
//   ChartSpec, Series (value(m, trace, i), minTop, fixedTop,
//     scaleBy, reference)                                        a chart of the charts view (chartSpec.ts)
//   MeasureSpec, MeasureRow, DebriefOptions (measures, story,
//     rankBy, chart), DebriefChartSpec, DebriefAsk               the debrief (debriefContent.ts)
//   Frame (run, scenario, trace, minute, metrics, detail,
//     controls, events, alertAt, alert, cause), Store            what every view's update reads (store.ts)
//   DashboardOptions, ChartsOptions, ControlsOptions, SliderSpec, ModelOptions, RelationSpec, SessionOptions
export type {Action, PressAction, SetAction} from "../../sim/kit/actions.js";
export type {ControlSpec, ControlSpecs, ControlValues} from "../../sim/kit/controls.js";
export type {EventKind, EventKinds, EventSpec, Param, ResolvedEvent} from "../../sim/kit/events.js";
export type {
  Cause,
  CauseValue,
  MetricsRow,
  ModelRunOptions,
  ModelTrace,
  RunSummaryValues,
  SimModel,
  SloSpec,
  SummaryMeasure,
  WorstMinute
} from "../../sim/kit/model.js";
export type {Scenario, ScenarioStrings} from "../../sim/kit/scenario.js";
export type {PlannedStep, TextbookAt, TextbookStep} from "../../sim/kit/textbook.js";
export type {ChartSpec, Series} from "./chartSpec.js";
export type {ChartsOptions} from "./charts.js";
export type {ControlsOptions, SliderSpec} from "./controls.js";
export type {DashboardOptions} from "./dashboard.js";
export type {DebriefAsk, DebriefChartSpec, DebriefOptions, MeasureRow, MeasureSpec} from "./debriefContent.js";
export type {StoryMeasure} from "./debriefWords.js";
export type {MetricSpec, TileValue} from "./format.js";
export type {ModelOptions, RelationSpec} from "./model.js";
export type {SessionOptions} from "./oncallSession.js";
export type {Frame, Store} from "./store.js";
