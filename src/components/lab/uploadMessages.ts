// The messages between the page and the upload worker. The parsed runs travel as columns
// (rowColumns.ts) so the page receives a million records without a long clone, and the figures'
// lines (figureSeries.ts) as Float64Arrays, transferred too, and a long file's text as its UTF-8
// bytes (textSlices.ts), transferred and decoded on the page a slice per task; everything else
// (answers, checks, short texts) is small and goes as it is.
import type {Check} from "../../lab/grade.js";
import {shapes, type Shape} from "../../lab/schedule.js";
import {figureBuffers} from "./figureSeries.js";
import {fromColumns, fromColumnsInSlices, toColumns, transferables, type Columns} from "./rowColumns.js";
import {receiveText, sendText, textSliceBytes, textTransferables, type SentText} from "./textSlices.js";
import type {LabRuns} from "./runs.js";
import type {UploadBase, UploadOutcome, UploadRefusal} from "./uploadJob.js";

/** Page → worker: the chosen files (read in the worker) and the folder they are merged with. */
export interface UploadRequest {
  files: File[];
  base: UploadBase;
}

/** Worker → page: what it is doing now. `done`/`total` are bytes while reading, absent after. */
export interface UploadProgress {
  type: "progress";
  phase: "reading" | "checking" | "analysing";
  file?: string;
  done?: number;
  total?: number;
}

type ByShape = Record<Shape, Columns>;

/** LabRuns with its row arrays as columns and its long texts as bytes. */
export interface EncodedRuns extends Omit<LabRuns, "files" | "sched" | "run" | "srv" | "closed"> {
  files: Map<string, SentText>;
  sched: ByShape;
  run: ByShape;
  srv: ByShape;
  closed: Columns;
}

/** Worker → page: the outcome, its runs as columns; an uploaded input's text goes once, in runs.files (null in files). */
export type UploadReply = {
  type: "done";
  outcome: (Omit<UploadOutcome, "runs" | "files"> & {runs: EncodedRuns; files: Map<string, SentText | null>}) | UploadRefusal;
};

const byShape = <A, B>(data: Record<Shape, A>, map: (value: A) => B) =>
  Object.fromEntries(shapes.map((s) => [s, map(data[s])])) as Record<Shape, B>;

/** The outcome as the worker posts it, with the buffers to transfer; texts longer than `longText` go as bytes. */
export function encodeOutcome(
  outcome: UploadOutcome | UploadRefusal,
  {longText = textSliceBytes}: {longText?: number} = {}
): {reply: UploadReply; transfer: ArrayBuffer[]} {
  if (!outcome.ok) return {reply: {type: "done", outcome}, transfer: []};
  const {runs} = outcome;
  const texts = new Map([...runs.files].map(([name, text]) => [name, sendText(text, longText)]));
  const encoded: EncodedRuns = {
    ...runs,
    files: texts,
    sched: byShape(runs.sched, toColumns),
    run: byShape(runs.run, toColumns),
    srv: byShape(runs.srv, toColumns),
    closed: toColumns(runs.closed)
  };
  const all = [...shapes.flatMap((s) => [encoded.sched[s], encoded.run[s], encoded.srv[s]]), encoded.closed];
  // A 47 MB upload would otherwise be sent twice: its text is in runs.files already.
  const files = new Map([...outcome.files].map(([name, text]) => [name, runs.files.get(name) === text ? null : sendText(text, longText)]));
  const sent = [...texts.values(), ...files.values()].flatMap((text) => (text === null ? [] : textTransferables(text)));
  return {
    reply: {type: "done", outcome: {...outcome, files, runs: encoded}},
    transfer: [...all.flatMap(transferables), ...figureBuffers(runs.figures), ...sent]
  };
}

/**
 * Rows by shape, each shape's objects built from its columns on its first read. The page draws
 * from the figures' series, so it never builds a million record objects it does not read, nor
 * makes its garbage collector walk them (on a busy machine a collection over them held the
 * page for up to a second).
 */
function lazyRows<T>(data: ByShape): Record<Shape, T[]> {
  const out = {} as Record<Shape, T[]>;
  for (const shape of shapes) {
    let rows: T[] | undefined;
    Object.defineProperty(out, shape, {enumerable: true, get: () => (rows ??= fromColumns<T>(data[shape]))});
  }
  return out;
}

/** The outcome as the page uses it: the per-shape rows built when first read; closed.csv's rows and the long texts in slices, yielding between them. */
export async function decodeOutcome(
  outcome: UploadReply["outcome"],
  yieldNow: () => Promise<void>
): Promise<UploadOutcome | UploadRefusal> {
  if (!outcome.ok) return outcome;
  const {runs} = outcome;
  const texts = new Map<string, string>();
  for (const [name, text] of runs.files) texts.set(name, await receiveText(text, yieldNow));
  const decoded: LabRuns = {
    ...runs,
    files: texts,
    sched: lazyRows(runs.sched),
    run: lazyRows(runs.run),
    srv: lazyRows(runs.srv),
    closed: await fromColumnsInSlices(runs.closed, yieldNow)
  };
  const files = new Map<string, string>();
  for (const [name, text] of outcome.files) files.set(name, text === null ? texts.get(name)! : await receiveText(text, yieldNow));
  return {...outcome, files, runs: decoded, checks: outcome.checks as Check[]};
}
