// The arrival lab's pure parts, safe for the browser: schedules, statistics, Little's law, the
// simulated server, the file formats and the analysis. The node-only tools (server, openLoop,
// closedLoop, probe, record, files, http, clock) are imported from their own files.
export {mulberry32, exponentialWithRate, type Random} from "./random.js";
export {schedule, intervals, shapes, isShape, type Shape, type ScheduleOptions} from "./schedule.js";
export {mean, median, populationSd, cv, nearestRank, maxConcurrency, maxInService, sweepSteps, maxOf, minOf, type Visit} from "./stats.js";
export {roundHalfUp, trimmed} from "./round.js";
export {LabInputError, LabFileError, readTable, type Table, type TableRow} from "./table.js";
export {littleL, closedLoopRate, naiveClosedLoopRate, maxRate, formulaWorkers} from "./little.js";
export {
  simulateFifo,
  simulateFifoColumns,
  simulateFifoInto,
  tieS,
  type LabRecord,
  type RecordColumns,
  type SimulateFifoOptions
} from "./des.js";
export {simulateClosedLoop, type SimulateClosedOptions} from "./closedDes.js";
export {simulateLabFiles, type SimulatedLabOptions} from "./simLab.js";
export {MinHeap} from "./heap.js";
export * from "./csv.js";
export {
  analyzeLab,
  analyzeRecords,
  labNumbers,
  outputNames,
  type Analysis,
  type AnalyzeOptions,
  type LabNumbers,
  type LabRecords
} from "./analyze.js";
