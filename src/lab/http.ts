// One GET as the load tools see it: a status code when an answer came, or code 0 and the
// reason (refused, reset, timeout) — never a thrown error, so a run records every request.
import {Agent, get as httpGet} from "node:http";

/** The outcome of one GET: `code` 0 means no HTTP answer, and `error` says why. */
export interface Answer {
  code: number;
  error: string;
}

/** A GET sender: the load tools take one so tests can pass their own transport. */
export type Transport = (url: string) => Promise<Answer>;

/** Options for {@link httpTransport}. */
export interface TransportOptions {
  /** Connection reuse (default: a keep-alive agent without a socket limit; false: one per request). */
  agent?: Agent | false;
  /** Gives up on a request after this long (default 30 s), recording code 0 "timeout". */
  timeoutMs?: number;
}

/** A keep-alive agent without a socket limit, so an open loop never queues on the client side. */
export function loadAgent(): Agent {
  return new Agent({keepAlive: true, maxSockets: Infinity});
}

/** A transport over node:http; resolves once the answer's body has been read. */
export function httpTransport({agent = loadAgent(), timeoutMs = 30_000}: TransportOptions = {}): Transport {
  return (url) =>
    new Promise((resolve) => {
      let settled = false;
      const settle = (answer: Answer) => void (settled || ((settled = true), resolve(answer)));
      const request = httpGet(url, {agent}, (response) => {
        response.resume();
        response.on("end", () => settle({code: response.statusCode ?? 0, error: ""}));
        response.on("error", (error) => settle({code: 0, error: reason(error)}));
      });
      request.setTimeout(timeoutMs, () => request.destroy(Object.assign(new Error("timeout"), {code: "ETIMEDOUT"})));
      request.on("error", (error) => settle({code: 0, error: reason(error)}));
    });
}

function reason(error: Error & {code?: string}): string {
  return error.code ?? error.message;
}
