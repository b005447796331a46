// The browser client: window.queuebook = {notebook, provide}. One runtime and one module per
// page; each cell definition from the notebook bundle becomes a variable observed by its element.
import {Runtime, type Module, type Observer, type Variable} from "@observablehq/runtime";
import {diffCells, filesChanged} from "./diff.js";
import {clear, displayBlock, displayError, displayInline, replaceWith} from "./display.js";
import {classifyError, describeError, markBody, markError, position, type Origin} from "./errors.js";
import type {Files} from "./fileAttachment.js";
import {input as inputGenerator} from "./generators.js";
import {library, makeLibrary, provided} from "./library.js";
import {startReload} from "./reload.js";

export interface CellDefinition {
  id: string;
  inputs: string[];
  outputs?: string[];
  hash: string;
  line: number;
  column: number;
  body?: (...args: any[]) => any;
  autodisplay?: boolean;
  inline?: boolean;
  error?: {name?: string; message: string; line?: number; column?: number};
}

export interface NotebookDefinition {
  path: string;
  files?: Files;
  cells: CellDefinition[];
}

interface CellState {
  def: CellDefinition;
  root: Element;
  origin: Origin;
  variables: Variable[];
  disposed: boolean;
  /** Incremented each time the body runs; display() calls from older runs are ignored. */
  run: number;
  /** The run whose output the root currently shows (the root is cleared once per run). */
  shown: number;
  /** The last run that called display(); an autodisplayed value then goes after those outputs. */
  displayed: number;
  /** The nodes of the autodisplayed value shown after display() outputs (replaced on each yield). */
  auto: Node[];
}

const PENDING = "qb-pending";

let runtime: Runtime | undefined;
let main: Module;
let files: Files = {};
const cells = new Map<string, CellState>();
/** For an output name whose cell failed: where the failure started (path:line:column). */
const failedAt = new Map<string, string>();

function container(): Element {
  return document.querySelector("main.qb-notebook") ?? document.querySelector("main") ?? document.body;
}

function ensureRuntime(): Module {
  if (!runtime) {
    runtime = new Runtime(makeLibrary(() => files, container));
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
function sooner(runtime: Runtime): void {
  const r = runtime as any;
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
    value(this: any) {
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

function rootOf(id: string): Element {
  const root = document.getElementById(id);
  if (root) return root;
  console.warn(`queuebook: no element #${id} for the cell; its output is not shown`);
  return document.createElement("div");
}

function makeDisplay(state: CellState, run: number) {
  return function display<T>(value: T): T {
    if (state.disposed || run !== state.run) return value; // a stale run: newer output wins
    const {root} = state;
    if (state.shown !== run) {
      clear(root);
      root.classList.remove(PENDING);
      state.shown = run;
    }
    state.displayed = run;
    (state.def.inline ? displayInline : displayBlock)(root, value);
    return value;
  };
}

function makeView(display: (value: unknown) => unknown) {
  return function view(input: any) {
    display(input);
    return inputGenerator(input);
  };
}

function observer(state: CellState): Observer {
  const {def, origin} = state;
  const outputs = def.outputs ?? [];
  return {
    _node: state.root, // for the runtime's visibility()
    pending() {
      if (!state.disposed) state.root.classList.add(PENDING);
    },
    fulfilled(value) {
      if (state.disposed) return;
      const {root} = state;
      root.classList.remove(PENDING);
      for (const name of outputs) failedAt.delete(name);
      if (def.autodisplay) {
        if (state.displayed === state.run && state.shown === state.run) {
          // the body also called display(): the value goes after what it displayed
          for (const node of state.auto) if (node.parentNode === root) root.removeChild(node);
          const before = root.childNodes.length;
          if (value !== undefined) (def.inline ? displayInline : displayBlock)(root, value);
          state.auto = Array.from(root.childNodes).slice(before);
        } else {
          replaceWith(root, value, !!def.inline);
          state.shown = state.run;
          state.auto = [];
        }
      } else if (state.shown !== state.run) {
        clear(root); // this run displayed nothing: drop the previous run's output
        state.shown = state.run;
      }
    },
    rejected(error) {
      if (state.disposed) return;
      const {root} = state;
      root.classList.remove(PENDING);
      state.shown = state.run;
      const c = classifyError(error, def.id);
      let message = describeError(c);
      let start = position(origin);
      if (c.kind === "input") {
        const from = failedAt.get(c.input);
        if (from) {
          start = from;
          if (!message.includes(`${origin.path}:`)) message += ` (at ${from})`; // unless it says where
        }
      }
      for (const name of outputs) failedAt.set(name, start);
      displayError(root, {message, location: position(origin)}, !!def.inline);
    }
  };
}

function defineCell(def: CellDefinition, path: string, placeholders: Set<string>): CellState {
  const module = ensureRuntime();
  const origin: Origin = {id: def.id, path, line: def.line, column: def.column};
  const state: CellState = {
    def,
    root: rootOf(def.id),
    origin,
    variables: [],
    disposed: false,
    run: 0,
    shown: 0,
    displayed: 0,
    auto: []
  };
  const outputs = def.outputs ?? [];
  if (def.error || typeof def.body !== "function") {
    const {name = "Error", message, line = origin.line, column = origin.column} = def.error ?? {message: "the cell has no body"};
    state.root.classList.remove(PENDING);
    // The location is the error's own position (a syntax error's line:column), else the cell's.
    displayError(state.root, {message: message.startsWith(`${name}:`) ? message : `${name}: ${message}`, location: position({...origin, line, column})}, !!def.inline);
    // Its outputs fail with its error, so that dependents say which input failed (unless
    // another cell defines the name: then that definition stands).
    for (const output of outputs) {
      if (!placeholders.has(output)) continue;
      placeholders.delete(output);
      failedAt.set(output, position(origin));
      const error = markError(Object.assign(new Error(`${name}: ${message}`), {name}), origin);
      state.variables.push(module.define(output, [], () => {
        throw error;
      }));
    }
    return state;
  }
  const inputs = def.inputs;
  const displayIndex = inputs.indexOf("display");
  const viewIndex = inputs.indexOf("view");
  const body = def.body;
  const run = markBody(function (this: unknown, ...args: unknown[]) {
    const run = ++state.run;
    if (displayIndex >= 0 || viewIndex >= 0) {
      const display = makeDisplay(state, run);
      if (displayIndex >= 0) args[displayIndex] = display;
      if (viewIndex >= 0) args[viewIndex] = makeView(display);
    }
    return body.apply(this, args);
  }, origin);
  const shadow: Record<string, () => null> = {};
  if (displayIndex >= 0) shadow.display = () => null;
  if (viewIndex >= 0) shadow.view = () => null;
  const variable = module.variable(observer(state), {shadow});
  variable.define(outputs.length ? def.id : null, inputs, run);
  state.variables.push(variable);
  for (const name of outputs) {
    state.variables.push(module.define(name, [def.id], (exports: any) => exports?.[name]));
  }
  return state;
}

function disposeCell(state: CellState): void {
  state.disposed = true;
  // outputs first, so the cell variable has no dependents left when it is deleted
  for (let i = state.variables.length - 1; i >= 0; --i) state.variables[i].delete();
  state.variables = [];
  for (const name of state.def.outputs ?? []) failedAt.delete(name);
}

/** Where client.js was loaded from: the optional chunks sit beside it. */
const assetBase = (() => {
  const src = typeof document !== "undefined" ? (document.currentScript as HTMLScriptElement | null)?.src : undefined;
  return src ? new URL(".", src).href : undefined;
})();

/** The chunk carrying each built-in that is not in client.js, and what it provides. */
const chunkOf: Record<string, {chunk: string; provides: string; css?: string}> = {
  Plot: {chunk: "plot.js", provides: "Plot"},
  d3: {chunk: "d3.js", provides: "d3"},
  tex: {chunk: "katex.js", provides: "katex", css: "katex.css"},
  md: {chunk: "marked.js", provides: "marked"}
};
const loading = new Map<string, Promise<void>>();

/**
 * Loads the chunks the cells need that the page did not include (a live update may start using
 * Plot or tex); resolves at once, without loading anything, on a page built with them.
 */
function loadChunks(defs: readonly CellDefinition[]): Promise<void> | undefined {
  if (!assetBase) return;
  const missing = new Set<string>();
  for (const def of defs) {
    for (const name of def.inputs) {
      const need = Object.prototype.hasOwnProperty.call(chunkOf, name) ? chunkOf[name] : undefined;
      if (need && provided[need.provides] === undefined) missing.add(name);
    }
  }
  if (!missing.size) return;
  const loads = new Set<Promise<void>>();
  for (const name of missing) {
    const {chunk, css} = chunkOf[name];
    let load = loading.get(chunk);
    if (!load) {
      if (css) {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = assetBase + css;
        document.head.append(link);
      }
      load = new Promise<void>((resolve) => {
        const script = document.createElement("script");
        script.src = assetBase + chunk;
        script.onload = script.onerror = () => resolve();
        document.head.append(script);
      });
      loading.set(chunk, load);
    }
    loads.add(load);
  }
  return Promise.all(loads).then(() => {});
}

/** Defines the notebook's cells; called again on a live update, it redefines only what changed. */
export function notebook(definition: NotebookDefinition): void {
  if (document.readyState === "loading") {
    // a bundle loaded before <main> was parsed: define the cells once their elements exist
    document.addEventListener("DOMContentLoaded", () => notebook(definition), {once: true});
    return;
  }
  const call = ++calls;
  const chunks = loadChunks(definition.cells);
  if (chunks) {
    chunks.then(() => call === calls && define(definition)); // a newer call wins
    return;
  }
  define(definition);
}

let calls = 0;

function define(definition: NotebookDefinition): void {
  ensureRuntime();
  const {path, cells: defs} = definition;
  const newFiles = definition.files ?? {};
  const refreshFiles = filesChanged(files, newFiles);
  files = newFiles;
  const diff = diffCells(Array.from(cells.values(), (s) => s.def), defs);
  const redo = new Set([...diff.changed, ...diff.added]);
  if (refreshFiles) {
    for (const id of diff.unchanged) if (cells.get(id)!.def.inputs.includes("FileAttachment")) redo.add(id);
  }
  for (const id of diff.removed) disposeCell(cells.get(id)!), cells.delete(id);
  for (const id of redo) {
    const state = cells.get(id);
    if (state) disposeCell(state), cells.delete(id);
  }
  // names that only cells with errors define get a failing placeholder
  const placeholders = new Set<string>();
  for (const def of defs) if (def.error) for (const name of def.outputs ?? []) placeholders.add(name);
  for (const def of defs) if (!def.error) for (const name of def.outputs ?? []) placeholders.delete(name);
  const next = new Map<string, CellState>();
  for (const def of defs) {
    let state = cells.get(def.id);
    if (state && !redo.has(def.id)) {
      const root = document.getElementById(def.id);
      if (root && root !== state.root) {
        // the page was rebuilt without this element: carry the output over
        root.replaceChildren(...state.root.childNodes);
        state.root = root;
      }
    } else {
      state = defineCell(def, path, placeholders);
    }
    next.set(def.id, state);
  }
  cells.clear();
  for (const [id, state] of next) cells.set(id, state);
}

/** Hands over the libraries of the optional chunks (Plot and d3, katex, marked). */
export function provide(objects: Record<string, unknown>): void {
  Object.assign(provided, objects);
}

(globalThis as any).queuebook = {notebook, provide, library};
startReload();
