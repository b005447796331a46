// frameWork(trace, mark): per window between marks on the marking thread, the busy time of
// top-level tasks and the rendering part, each counted once where events nest or overlap.
import {describe, expect, it} from "vitest";
import {frameWork} from "../../bench/frameWork.js";

const main = {pid: 1, tid: 7};
const mark = (ts: number) => ({name: "TimeStamp", ph: "I", ts, ...main, args: {data: {message: "input"}}});
const task = (ts: number, dur: number, name = "ThreadControllerImpl::RunTask", cat = "toplevel", thread = main) => ({
  name,
  ph: "X",
  ts,
  dur,
  cat,
  ...thread
});

describe("frameWork(trace, mark)", () => {
  it("sums each window's top-level tasks and its nested rendering events once", () => {
    const trace = {
      traceEvents: [
        mark(1_000),
        task(1_000, 2_000), // the input's own task: 2 ms
        task(4_000, 10_000), // the frame: 10 ms, inside it style (1 ms) and layout (3 ms) with a nested paint
        task(5_000, 1_000, "UpdateLayoutTree", "devtools.timeline"),
        task(6_000, 3_000, "Layout", "devtools.timeline"),
        task(10_000, 2_000, "Paint", "devtools.timeline"),
        task(10_500, 1_000, "Paint", "devtools.timeline"),
        mark(100_000),
        task(100_000, 1_000),
        task(2_000, 50_000, "ThreadControllerImpl::RunTask", "toplevel", {pid: 2, tid: 7}) // another renderer's thread: not counted
      ]
    };
    expect(frameWork(trace, "input")).toEqual({busy: [12, 1], render: [6, 0]});
  });

  it("counts a task that began before the mark from the mark on", () => {
    const trace = {traceEvents: [task(0, 5_000), mark(3_000), task(10_000, 1_000)]};
    expect(frameWork(trace, "input")).toEqual({busy: [3], render: [0]});
  });

  it("says so when the page logged no mark", () => {
    expect(() => frameWork({traceEvents: [task(0, 1)]}, "input")).toThrow('no console.timeStamp("input") in the trace');
  });
});
