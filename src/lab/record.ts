// `lab record`: the whole lab end to end against a real server on a free loopback port —
// probe, dry-run schedules, the three shapes with /reset and /dump, the closed loop, analyze —
// writing the files the notebook embeds.
import {mkdirSync} from "node:fs";
import {join} from "node:path";
import {analyzeLab, type Analysis} from "./analyze.js";
import {placeAnswers, type PlacedAnswer} from "./answers.js";
import {formatClosed, formatPlan, formatProbe, formatRun} from "./csv.js";
import {runClosedLoop} from "./closedLoop.js";
import {writeFileAtomic, writeFilesAtomic} from "../io/write.js";
import {folderReader} from "./files.js";
import {httpTransport, loadAgent} from "./http.js";
import {sendOpenLoop} from "./openLoop.js";
import {probe} from "./probe.js";
import {schedule, shapes} from "./schedule.js";
import {close, createLabServer, listen} from "./server.js";

/** A running lab server: its base URL (no trailing slash) and how to stop it. */
export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** The lab's parameters; the defaults are the lab's own (40 ms, 4 workers, 300/150 25 7, 8 0.2 10). */
export interface RecordOptions {
  out: string;
  serviceMs?: number;
  workers?: number;
  probes?: number;
  plan?: {count: number; rate: number; seed: number};
  run?: {count: number; rate: number; seed: number};
  closed?: {users: number; thinkS: number; durationS: number};
  /** Starts the server (default: in this process on 127.0.0.1, a free port). */
  startServer?: (serviceMs: number, workers: number) => Promise<RunningServer>;
  /** Progress from 0 to 1 with what is happening. */
  progress?: (fraction: number, step: string) => void;
  /** Replace the learner's decision files (05-note.txt, arrival-model.txt) even when they differ (answers.ts). */
  force?: boolean;
}

/** Starts a lab server in this process on a free loopback port. */
export async function startInProcess(serviceMs: number, workers: number): Promise<RunningServer> {
  const {server} = createLabServer({serviceMs, workers});
  const port = await listen(server, 0);
  return {url: `http://127.0.0.1:${port}`, stop: () => close(server)};
}

/** Runs the lab into `out` (created if needed) and resolves to the analysis and where each answer went. */
export async function recordLab({
  out,
  serviceMs = 40,
  workers = 4,
  probes = 6,
  plan = {count: 300, rate: 25, seed: 7},
  run = {count: 150, rate: 25, seed: 7},
  closed = {users: 8, thinkS: 0.2, durationS: 10},
  startServer = startInProcess,
  progress = () => {},
  force = false
}: RecordOptions): Promise<Analysis & {placed: PlacedAnswer[]}> {
  mkdirSync(out, {recursive: true});
  const write = (name: string, text: string) => writeFileAtomic(join(out, name), text);
  // Progress is measured in expected seconds of work: each shape lasts count / rate.
  const shapeS = run.count / run.rate;
  const total = 1 + shapes.length * shapeS + closed.durationS;
  let done = 0;
  const report = (seconds: number, step: string) => progress(Math.min(1, (done + seconds) / total), step);

  const server = await startServer(serviceMs, workers);
  const agent = loadAgent();
  try {
    const transport = httpTransport({agent});
    const get = async (path: string) => {
      const response = await fetch(server.url + path);
      if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
      return response.text();
    };

    report(0, "probe");
    const times = await probe(server.url + "/work", probes);
    write("01-probe.txt", formatProbe(times));
    done += 1;

    for (const shape of shapes) write(`sched-${shape}.csv`, formatPlan(schedule(shape, plan.count, plan.rate, plan.seed)));

    for (const shape of shapes) {
      report(0, `run ${shape}`);
      await get("/reset");
      const intended = schedule(shape, run.count, run.rate, run.seed);
      const rows = await sendOpenLoop(server.url + "/work", intended, {
        transport,
        onAnswer: (n) => report((n / run.count) * shapeS, `run ${shape}`)
      });
      write(`run-${shape}.csv`, formatRun(rows));
      write(`srv-${shape}.csv`, await get("/dump"));
      done += shapeS;
    }

    report(0, "closed loop");
    await get("/reset");
    const rows = await runClosedLoop(server.url + "/work", {
      ...closed,
      transport,
      onAnswer: (s) => report(Math.min(s, closed.durationS), "closed loop")
    });
    write("closed.csv", formatClosed(rows));
    done += closed.durationS;
  } finally {
    agent.destroy();
    await server.stop();
  }

  report(0, "analyze");
  const analysis = analyzeLab(folderReader(out), {workers, chosenRate: run.rate, users: closed.users, thinkS: closed.thinkS});
  const placed = placeAnswers(out, analysis.files, {force});
  writeFilesAtomic(placed.map(({target, text}) => [join(out, target), text]));
  progress(1, "done");
  return {...analysis, placed};
}
