// The lab server (the seed's server.py) on node:http: GET /work holds one of `workers` slots for
// service_ms on a timer (not CPU), FIFO while all are busy; /reset clears the records; /dump
// answers them as CSV seq,arrive,start,end,qlen in seconds since the server started or was
// last reset. Records are kept as columns indexed by seq (three Float64Arrays and a Uint32Array,
// 28 bytes a request), and /dump is written in slices that yield to the event loop, so /work
// keeps answering while a million records go out.
import {createServer, type IncomingMessage, type Server, type ServerResponse} from "node:http";
import type {AddressInfo, Socket} from "node:net";
import {seconds} from "./csv.js";
import type {LabRecord} from "./des.js";
import {maxTimerMs, monotonic, type Clock} from "./clock.js";

/** Options for {@link createLabServer}. */
export interface LabServerOptions {
  serviceMs: number;
  workers: number;
  /** Records kept before /work answers 503 so no load test can exhaust memory. */
  maxRecords?: number;
  /** Seconds on a monotonic clock (default performance.now). */
  clock?: Clock;
  /** Runs `done` after `ms` (default setTimeout; setImmediate for 0 ms). */
  wait?: (ms: number, done: () => void) => void;
  /** Where the one-time "records full" message goes (default stderr). */
  log?: (message: string) => void;
  /** Runs `resume` after the event loop had its turn, between slices of a /dump (default setImmediate). */
  yieldNow?: (resume: () => void) => void;
  /** Records per slice of a /dump (default 4,096). */
  dumpSlice?: number;
}

/** A lab server: the node:http server plus its records, for tests and `lab record`. */
export interface LabServer {
  server: Server;
  /** The completed records of this epoch, in arrival order. */
  records(): LabRecord[];
  /** Clears the records (what GET /reset does). */
  reset(): void;
  /** Requests in the system now (waiting or in service): for tests that wait on a condition. */
  inSystem(): number;
}

/**
 * The record bound by default: a million requests. The records take 28 MB at the cap; the whole
 * server process measured 140 MB resident there, 73 MB of it the idle process (node with tsx),
 * and the same after a /dump (bench/labServer.bench.ts; object records: 297 MB, 582 MB after).
 */
export const defaultMaxRecords = 1_000_000;

/** The records of one epoch, by seq: arrive, start, end (NaN until the request ends) and qlen. */
class RecordColumns {
  arrive = new Float64Array(0);
  start = new Float64Array(0);
  end = new Float64Array(0);
  qlen = new Uint32Array(0);
  /** The latest end recorded: a dump lists the requests ended by then, whatever ends during it. */
  lastEnd = -Infinity;

  constructor(private readonly max: number) {}

  /** Makes room for seq (doubling, never past the cap), so a short run holds a short table. */
  ensure(seq: number) {
    if (seq < this.end.length) return;
    const size = Math.min(Math.max(1024, this.end.length * 2, seq + 1), Math.max(this.max, seq + 1));
    const grow = <T extends Float64Array | Uint32Array>(old: T, make: (n: number) => T, fill?: number) => {
      const next = make(size);
      if (fill !== undefined) next.fill(fill, old.length);
      next.set(old);
      return next;
    };
    this.arrive = grow(this.arrive, (n) => new Float64Array(n));
    this.start = grow(this.start, (n) => new Float64Array(n));
    this.end = grow(this.end, (n) => new Float64Array(n), NaN);
    this.qlen = grow(this.qlen, (n) => new Uint32Array(n));
  }

  /** Requests ended by `lastEnd`, in seq order, from `from` up to (not including) `to`. */
  *ended(from: number, to: number, lastEnd: number): Generator<LabRecord> {
    for (let seq = from; seq < Math.min(to, this.end.length); seq++) {
      if (this.end[seq] <= lastEnd) yield {seq, arrive: this.arrive[seq], start: this.start[seq], end: this.end[seq], qlen: this.qlen[seq]};
    }
  }
}

interface Pending {
  seq: number;
  epoch: number;
  response: ServerResponse;
  socket: Socket;
  /** Set when the client's connection closed before the request started: it is skipped. */
  dropped: boolean;
}

/**
 * Creates (does not start) a lab server. `qlen` is the number of requests in the system at a
 * request's arrival, itself included, so max(qlen) equals the sweep's maximum concurrency. To
 * keep that true to the microsecond, every event gets a distinct, increasing timestamp (a
 * clock reading equal to the previous one is moved 1 µs later), so an end that happened
 * before an arrival is never tied with it. Requests still in flight during /reset finish but
 * are not recorded; /dump lists completed requests only. A request whose connection closes
 * while it waits is dropped: never started, never recorded (its seq is skipped).
 */
export function createLabServer({
  serviceMs,
  workers,
  maxRecords = defaultMaxRecords,
  clock = monotonic,
  wait = (ms, done) => void (ms > 0 ? setTimeout(done, ms) : setImmediate(done)),
  log = (message) => void process.stderr.write(message + "\n"),
  yieldNow = (resume) => void setImmediate(resume),
  dumpSlice = 4096
}: LabServerOptions): LabServer {
  // A longer timer would fire after 1 ms (Node's overflow rule): refuse rather than lie.
  if (!(serviceMs >= 0 && serviceMs <= maxTimerMs)) throw new RangeError(`serviceMs must be within 0–${maxTimerMs}, got ${serviceMs}`);
  if (!(Number.isSafeInteger(workers) && workers >= 1))
    throw new RangeError(`workers must be a whole number of at least 1, got ${workers}`);
  let epoch = 0,
    seq = 0,
    origin = 0,
    last = -Infinity,
    warned = false;
  let busy = 0,
    inSystem = 0;
  let done = new RecordColumns(maxRecords);
  let queue: Pending[] = [],
    head = 0;
  // The requests still waiting, per connection: when a client goes away, its queued work goes
  // too (a client that pipelined 1,000 requests and left must not hold the workers for them).
  const waiting = new Map<Socket, Set<Pending>>();
  const drop = (socket: Socket) => {
    for (const job of waiting.get(socket) ?? []) {
      job.dropped = true;
      inSystem--;
    }
    waiting.delete(socket);
  };

  const now = () => {
    let us = Math.round(clock() * 1e6);
    if (us <= last) us = last + 1;
    last = us;
    return us / 1e6 - origin;
  };
  const reset = () => {
    epoch++;
    seq = 0;
    done = new RecordColumns(maxRecords); // a dump still streaming keeps the old epoch's columns
    warned = false;
    origin = 0;
    origin = now(); // times restart from 0 at each reset
  };
  reset();

  const begin = (job: Pending) => {
    busy++;
    const start = now();
    if (job.epoch === epoch) done.start[job.seq] = start;
    wait(serviceMs, () => {
      const end = now();
      busy--;
      inSystem--;
      if (job.epoch === epoch) done.end[job.seq] = done.lastEnd = end;
      job.response.writeHead(200, {"content-type": "text/plain"}).end("ok\n");
      next();
    });
  };
  const next = () => {
    while (busy < workers && head < queue.length) {
      const job = queue[head++];
      if (head > 1024 && head * 2 > queue.length) {
        queue = queue.slice(head); // drop the served prefix now and then, not on every shift
        head = 0;
      }
      if (job.dropped) continue; // never started, so never recorded
      waiting.get(job.socket)?.delete(job);
      begin(job);
    }
  };

  const work = (request: IncomingMessage, response: ServerResponse) => {
    if (seq >= maxRecords) {
      if (!warned) log(`lab server: ${maxRecords} records kept, answering 503 to /work until GET /reset`);
      warned = true;
      return void response.writeHead(503, {"content-type": "text/plain"}).end("records full; GET /reset\n");
    }
    done.ensure(seq);
    done.arrive[seq] = now();
    done.qlen[seq] = ++inSystem;
    const socket = request.socket;
    const job: Pending = {seq: seq++, epoch, response, socket, dropped: false};
    let mine = waiting.get(socket);
    if (!mine) {
      if (socket.destroyed) return void inSystem--; // gone before it could even queue
      waiting.set(socket, (mine = new Set()));
      socket.once("close", () => drop(socket));
    }
    mine.add(job);
    queue.push(job);
    next();
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? "/").split("?")[0];
    const known = path === "/work" || path === "/reset" || path === "/dump";
    if (!known) return void response.writeHead(404, {"content-type": "text/plain"}).end("not found\n");
    if (request.method !== "GET")
      return void response.writeHead(405, {allow: "GET", "content-type": "text/plain"}).end("method not allowed\n");
    if (path === "/work") return work(request, response);
    if (path === "/reset") {
      reset();
      return void response.writeHead(200, {"content-type": "text/plain"}).end("reset\n");
    }
    dump(response);
  };

  /**
   * The CSV of the requests ended so far (formatRecords' bytes), a slice at a time: after each
   * slice the event loop runs (other requests are answered), and a slow reader is waited for.
   */
  const dump = (response: ServerResponse) => {
    const columns = done,
      count = seq,
      lastEnd = done.lastEnd;
    response.writeHead(200, {"content-type": "text/csv"});
    response.write("seq,arrive,start,end,qlen\n");
    const slice = (from: number) => {
      if (response.destroyed) return;
      let text = "";
      for (const r of columns.ended(from, from + dumpSlice, lastEnd))
        text += `${r.seq},${seconds(r.arrive)},${seconds(r.start)},${seconds(r.end)},${r.qlen}\n`;
      const next = from + dumpSlice;
      if (next >= count) return void response.end(text);
      const resume = () => yieldNow(() => slice(next));
      if (response.write(text)) resume();
      else response.once("drain", resume);
    };
    slice(0);
  };

  // Requests are handled on "request", i.e. once their headers are in: that instant is `arrive`.
  const server = createServer((request, response) => {
    request.resume(); // a GET body, if any, is drained and ignored
    handle(request, response);
  });
  return {server, records: () => [...done.ended(0, seq, done.lastEnd)], reset, inSystem: () => inSystem};
}

/** Starts listening on `host:port` (port 0 picks a free one); resolves to the port. */
export function listen(server: Server, port: number, host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    server.once("error", fail);
    server.listen(port, host, () => {
      server.off("error", fail);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops accepting, closes every connection (idle keep-alive ones too) and resolves when closed. */
export {closeServer as close} from "../io/closeServer.js";
