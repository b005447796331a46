// Where an error came from. A cell body's own errors are marked (non-enumerable) with the cell
// that threw them. When a cell's input fails, the runtime hands the dependent a new
// RuntimeError(message, inputName) instead: those are shown as "input `x` failed: …".

export interface Origin {
  id: string;
  path: string;
  line: number;
  column: number;
}

const ORIGIN = "__queuebookOrigin";

export function position(origin: {path: string; line: number; column: number}): string {
  return `${origin.path}:${origin.line}:${origin.column}`;
}

/** Makes a thrown value an Error (so its message survives the runtime) marked with its origin. */
export function markError(error: unknown, origin: Origin): unknown {
  if (error === null || (typeof error !== "object" && typeof error !== "function")) {
    error = new Error(String(error));
  }
  try {
    Object.defineProperty(error, ORIGIN, {value: origin, enumerable: false, configurable: true, writable: true});
  } catch {
    // frozen error objects keep no origin
  }
  return error;
}

export function originOf(error: unknown): Origin | undefined {
  return error != null && typeof error === "object" ? (error as {[ORIGIN]?: Origin})[ORIGIN] : undefined;
}

/** Wraps a cell body so whatever it throws or rejects with is marked with the cell's origin. */
export function markBody<F extends (...args: any[]) => any>(body: F, origin: Origin): F {
  return function (this: unknown, ...args: unknown[]) {
    let result;
    try {
      result = body.apply(this, args);
    } catch (error) {
      throw markError(error, origin);
    }
    if (result && typeof result.then === "function" && typeof result.next !== "function") {
      return Promise.resolve(result).then(undefined, (error) => {
        throw markError(error, origin);
      });
    }
    return result;
  } as F;
}

export type Classified = {kind: "own"; name: string; message: string} | {kind: "input"; input: string; message: string};

function errorName(error: any): string {
  const name = error?.name;
  return typeof name === "string" && name ? name : "Error";
}

function errorMessage(error: any): string {
  if (error instanceof Error || (error && typeof error.message === "string")) return String(error.message);
  return String(error);
}

/**
 * Classifies an error a cell's variable rejected with: its own (thrown by its body, or the
 * runtime's "x is not defined" / "x is defined more than once" / "circular definition"), or
 * the failure of one of its inputs.
 */
export function classifyError(error: unknown, cellId: string): Classified {
  const origin = originOf(error);
  const message = errorMessage(error);
  const name = errorName(error);
  if (origin?.id === cellId) return {kind: "own", name, message};
  const input = (error as {input?: unknown} | null | undefined)?.input;
  if (name === "RuntimeError" && typeof input === "string" && input) {
    // A missing name is the reading cell's own error; so is one that says what to install
    // ("topojson is not defined: …", frameworkNames.ts): the name is what is missing, not an input that ran and failed.
    if (
      message === `${input} is not defined` ||
      message.startsWith(`${input} is not defined: `) ||
      message === `${input} is defined more than once`
    ) {
      return {kind: "own", name, message};
    }
    return {kind: "input", input, message};
  }
  return {kind: "own", name, message};
}

/** The text of an error box's first line. */
export function describeError(c: Classified): string {
  if (c.kind === "input") return `input \`${c.input}\` failed: ${c.message}`;
  return c.message.startsWith(`${c.name}:`) ? c.message : `${c.name}: ${c.message}`;
}
