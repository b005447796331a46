// The renderer's main-thread work per input, from a Chromium trace: the page marks each input
// with console.timeStamp(mark); per window from one mark to the next, the busy time (every
// top-level task: script, style, layout, paint) and the rendering part of it (style, layout,
// pre-paint, paint, layerize), each the union of its events' spans so nested events count once.

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat?: string;
  args?: {data?: {message?: string}};
}

/** Per input window, milliseconds of main-thread work: all of it, and the rendering part. */
export interface FrameWork {
  busy: number[];
  render: number[];
}

/** The trace categories `frameWork` reads. */
export const frameWorkCategories = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"];

const rendering = new Set(["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize"]);

/** The total length of the union of [start, end) spans, in the trace's microseconds. */
function covered(spans: [number, number][]): number {
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0,
    end = -Infinity;
  for (const [start, stop] of spans) {
    if (stop <= end) continue;
    total += stop - Math.max(start, end);
    end = stop;
  }
  return total;
}

/** Each window's work on the thread that logged the marks (the last window ends at the trace's last event). */
export function frameWork(trace: {traceEvents: TraceEvent[]}, mark: string): FrameWork {
  const marks = trace.traceEvents.filter((e) => e.name === "TimeStamp" && e.args?.data?.message === mark).sort((a, b) => a.ts - b.ts);
  if (marks.length === 0) throw new Error(`no console.timeStamp("${mark}") in the trace`);
  const {pid, tid} = marks[0];
  const events = trace.traceEvents.filter((e) => e.ph === "X" && e.pid === pid && e.tid === tid && e.dur !== undefined);
  let last = -Infinity; // a loop: a long trace has more events than a spread call may pass
  for (const e of events) last = Math.max(last, e.ts + e.dur!);
  const work: FrameWork = {busy: [], render: []};
  marks.forEach((m, i) => {
    const end = marks[i + 1]?.ts ?? last;
    // Events overlapping the window, cut to it (the task that logged the mark counts from the mark).
    const inside = events.filter((e) => e.ts + e.dur! > m.ts && e.ts < end);
    const span = (e: TraceEvent): [number, number] => [Math.max(e.ts, m.ts), Math.min(e.ts + e.dur!, end)];
    work.busy.push(covered(inside.filter((e) => e.cat?.split(",").includes("toplevel") || rendering.has(e.name)).map(span)) / 1000);
    work.render.push(covered(inside.filter((e) => rendering.has(e.name)).map(span)) / 1000);
  });
  return work;
}
