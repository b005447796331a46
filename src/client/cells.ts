// One cell on the page: its runtime variables, the observer that renders its value or error at
// its element, the cell-local display() and view(), and disposal on a live update.
import type {Observer, Variable} from "@observablehq/runtime";
import type {CellDefinition} from "../notebook/contract.js";
import {clear, displayBlock, displayError, displayInline, replaceWith} from "./display.js";
import {classifyError, describeError, markBody, markError, position, type Origin} from "./errors.js";
import {input as inputGenerator} from "./generators.js";
import {ensureRuntime} from "./runtime.js";

/** A defined cell and what its observer needs to render runs in order. */
export interface CellState {
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

/**
 * The cell is about to show a result: it is no longer pending, and an exported page's no-script
 * snapshot of it (src/site/snapshot.ts) goes at its first render.
 */
function settle(root: Element): void {
  if (root.hasAttribute("data-qb-snapshot")) root.removeAttribute("data-qb-snapshot"), clear(root);
  root.classList.remove(PENDING);
}

/** For an output name whose cell failed: where the failure started (path:line:column). */
const failedAt = new Map<string, string>();

/**
 * The element a cell renders into: the one whose data-cell is the cell's id (its identity by
 * content), else the element with that id (pages written by hand).
 */
export function findRoot(id: string): Element | null {
  return document.querySelector(`[data-cell="${CSS.escape(id)}"]`) ?? document.getElementById(id);
}

function rootOf(id: string): Element {
  const root = findRoot(id);
  if (root) return root;
  console.warn(`queuebook: no element #${id} for the cell; its output is not shown`);
  return document.createElement("div");
}

function makeDisplay(state: CellState, run: number) {
  return function display<T>(value: T): T {
    if (state.disposed || run !== state.run) return value; // a stale run: newer output wins
    const {root} = state;
    if (state.shown !== run) {
      settle(root);
      clear(root);
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
      settle(root);
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
      settle(root);
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

export function defineCell(def: CellDefinition, path: string, placeholders: Set<string>): CellState {
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
    settle(state.root);
    // The location is the error's own position (a syntax error's line:column), else the cell's.
    displayError(
      state.root,
      {message: message.startsWith(`${name}:`) ? message : `${name}: ${message}`, location: position({...origin, line, column})},
      !!def.inline
    );
    // Its outputs fail with its error, so that dependents say which input failed (unless
    // another cell defines the name: then that definition stands).
    for (const output of outputs) {
      if (!placeholders.has(output)) continue;
      placeholders.delete(output);
      failedAt.set(output, position(origin));
      const error = markError(Object.assign(new Error(`${name}: ${message}`), {name}), origin);
      state.variables.push(
        module.define(output, [], () => {
          throw error;
        })
      );
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
  // The cell's own variable is named "cell <id>": a space, so no cell's name can clash with it.
  const exports = `cell ${def.id}`;
  variable.define(outputs.length ? exports : null, inputs, run);
  state.variables.push(variable);
  for (const name of outputs) {
    // Observed (by an empty observer), so an output is computed while no cell reads it: else
    // an edit that leaves a view's value briefly unread (a dependent with a syntax error) lets
    // the runtime close its generator, and the name reads undefined ever after.
    state.variables.push(module.variable({}).define(name, [exports], (values: any) => values?.[name]));
  }
  return state;
}

export function disposeCell(state: CellState): void {
  state.disposed = true;
  // outputs first, so the cell variable has no dependents left when it is deleted
  for (let i = state.variables.length - 1; i >= 0; --i) state.variables[i].delete();
  state.variables = [];
  for (const name of state.def.outputs ?? []) failedAt.delete(name);
}
