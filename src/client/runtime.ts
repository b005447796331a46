// The page's one runtime and module, the embedded files the library reads, and the scheduling
// patch that starts a computation right after an input instead of on the next frame.
import {Runtime, type Module} from "@observablehq/runtime";
import type {Files} from "../notebook/contract.js";
import {makeLibrary} from "./library.js";

let runtime: Runtime | undefined;
let main: Module;
let files: Files = {};
let refused: Record<string, string> = {};
let arriving: Promise<void> | undefined;

/** The notebook's content element (cells render inside it; `width` measures it). */
export function container(): Element {
  return document.querySelector("main.qb-notebook") ?? document.querySelector("main") ?? document.body;
}

/** The notebook's embedded files, as last defined. */
export function currentFiles(): Files {
  return files;
}

/** Replaces the embedded files (a live update may change them), with why any other name the cells read could not be had. */
export function setFiles(next: Files, reasons: Record<string, string> = {}): void {
  files = next;
  refused = reasons;
  arriving = undefined;
}

/** Files on their way: none until they arrive, and FileAttachment waits for them (a newer setFiles wins). */
export function awaitFiles(coming: Promise<{files: Files; refused?: Record<string, string>}>): void {
  setFiles({});
  const waiting: Promise<void> = coming.then(({files: next, refused: reasons}) => {
    if (arriving === waiting) setFiles(next, reasons);
  });
  arriving = waiting;
}

/** Why the cells cannot have the file `name` (its reason, or undefined). */
function refusedFile(name: string): string | undefined {
  const key = name.replace(/^\.\//, "");
  return Object.hasOwn(refused, key) ? refused[key] : undefined;
}

/** The page's module, creating the runtime on first use. */
export function ensureRuntime(): Module {
  if (!runtime) {
    runtime = new Runtime(makeLibrary(currentFiles, container, {refused: refusedFile, arriving: () => arriving}));
    sooner(runtime);
    main = runtime.module();
  }
  return main;
}

/**
 * The runtime computes on the next animation frame. When nothing asked for a generator's next
 * value (an input event resolved one, or cells were defined), this lets the computation start in
 * a task right away instead, once per frame at most, so a slider's dependents are drawn within
 * a few milliseconds rather than up to a frame later. Generator pulls (now, width, animations)
 * still happen once per animation frame. Relies on the pinned runtime's (6.0.1) internals; left
 * alone if they are not there.
 */
/** The pinned runtime's internals sooner() relies on (checked before use). */
interface RuntimeInternals {
  _computeNow: () => unknown;
  _precomputes: unknown[];
  _disposed: boolean;
}

function sooner(runtime: Runtime): void {
  const r = runtime as Runtime & Partial<RuntimeInternals>;
  if (typeof r._computeNow !== "function" || !Array.isArray(r._precomputes) || typeof MessageChannel !== "function") return;
  let taskUsed = false;
  const waiting: (() => void)[] = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  Object.defineProperty(r, "_computeSoon", {
    configurable: true,
    writable: true,
    value(this: RuntimeInternals) {
      return new Promise<void>((resolve) => {
        requestAnimationFrame(() => ((taskUsed = false), resolve()));
        if (!taskUsed && this._precomputes.length === 0 && document.visibilityState !== "hidden") {
          taskUsed = true;
          waiting.push(resolve);
          channel.port2.postMessage(0);
        }
      }).then(() => (this._disposed ? undefined : this._computeNow()));
    }
  });
}
