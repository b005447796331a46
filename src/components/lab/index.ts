// The arrival-lab notebook's views: parsed runs and their analysis, charts, and widgets.
export {labRuns, answerValue, answerCell, type LabRuns} from "./runs.js";
export * from "./charts.js";
export {labFigures, type LabFigures} from "./figureSeries.js";
export * from "./widgets.js";
export {
  simulatedRuns,
  simulatedOpen,
  simulatedClosed,
  drawnFor,
  labOptions,
  type TryItParams,
  type OpenParams,
  type ClosedParams
} from "./tryIt.js";
export {exampleModel} from "./example.js";
export {tryItBar} from "./tryItBar.js";
