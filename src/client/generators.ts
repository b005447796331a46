// Generators the runtime can pull from. The runtime treats anything with next() and return()
// as a generator, pulls one value per animation frame, and awaits promises it yields; so these
// are plain iterators yielding promises, which also makes them easy to test in Node.

export interface Pull<T> extends Iterator<T | Promise<T>, undefined> {
  next(): IteratorResult<T | Promise<T>, undefined>;
  return(): IteratorResult<T | Promise<T>, undefined>;
  [Symbol.iterator](): Pull<T>;
}

// biome-ignore lint/suspicious/noConfusingVoidType: an observer's initializer that returns nothing returns void, and is allowed
type Dispose = (() => void) | void | undefined | null;

function makePull<T>(next: () => T | Promise<T>, dispose: () => void): Pull<T> {
  let done = false;
  const pull: Pull<T> = {
    next: () => (done ? {done: true, value: undefined} : {done: false, value: next()}),
    return: () => {
      if (!done) (done = true), dispose();
      return {done: true, value: undefined};
    },
    [Symbol.iterator]: () => pull
  };
  return pull;
}

function checkDispose(dispose: unknown): () => void {
  if (dispose != null && typeof dispose !== "function") throw new Error("the initializer must return a dispose function or nothing");
  return () => (dispose as (() => void) | null)?.();
}

/**
 * The latest value wins: initialize(notify) may call notify any number of times between pulls;
 * each pull yields the most recent value not yet yielded (or waits for the next one).
 */
export function observe<T>(initialize: (notify: (value: T) => T) => Dispose): Pull<T> {
  let waiting: ((value: T) => void) | null = null;
  let fresh = false;
  let latest: T;
  const notify = (value: T): T => {
    latest = value;
    if (waiting) waiting(value), (waiting = null);
    else fresh = true;
    return value;
  };
  const dispose = checkDispose(initialize(notify));
  return makePull<T>(() => {
    if (fresh) return ((fresh = false), latest);
    return new Promise<T>((resolve) => (waiting = resolve));
  }, dispose);
}

/** Every value counts: values notified between pulls are yielded in order, none dropped. */
export function queue<T>(initialize: (notify: (value: T) => T) => Dispose): Pull<T> {
  const values: T[] = [];
  let waiting: ((value: T) => void) | null = null;
  const notify = (value: T): T => {
    if (waiting) waiting(value), (waiting = null);
    else values.push(value);
    return value;
  };
  const dispose = checkDispose(initialize(notify));
  return makePull<T>(() => {
    if (values.length) return values.shift()!;
    return new Promise<T>((resolve) => (waiting = resolve));
  }, dispose);
}

/** The current time (Date.now()), once per pull: the runtime pulls once per animation frame. */
export function now(): Pull<number> {
  return makePull(
    () => Date.now(),
    () => {}
  );
}

type InputLike = EventTarget & {
  value?: unknown;
  type?: string;
  checked?: boolean;
  valueAsNumber?: number;
  valueAsDate?: Date | null;
  files?: FileList | null;
  multiple?: boolean;
  selectedOptions?: HTMLCollectionOf<HTMLOptionElement>;
  form?: unknown;
};

/** The value an input element stands for (Observable Inputs' elements expose .value directly). */
export function valueof(input: InputLike): unknown {
  switch (input.type) {
    case "range":
    case "number":
      return input.valueAsNumber;
    case "date":
      return input.valueAsDate;
    case "checkbox":
      return input.checked;
    case "file":
      return input.multiple ? input.files : input.files?.[0];
    case "select-multiple":
      return input.selectedOptions ? Array.from(input.selectedOptions, (o) => o.value) : input.value;
    default:
      return input.value;
  }
}

/** The event after which an input's value has changed. */
export function eventof(input: InputLike): string {
  switch (input.type) {
    case "button":
    case "submit":
    case "checkbox":
      return "click";
    case "file":
      return "change";
    default:
      return "input";
  }
}

/**
 * The input's value now and after each of its input (or click/change) events. An initial
 * `undefined` (a required file input, a form not filled yet) is not passed on: dependents wait
 * until the input has a value, as in Framework.
 */
export function input(element: InputLike): Pull<unknown> {
  return observe((notify) => {
    const event = eventof(element);
    const onevent = () => notify(valueof(element));
    element.addEventListener(event, onevent);
    const initial = valueof(element);
    if (initial !== undefined) notify(initial);
    return () => element.removeEventListener(event, onevent);
  });
}

/**
 * Whether the page is shown in a dark color scheme, now and whenever that changes: the page's
 * computed `color-scheme` when it sets one, else the reader's preference.
 */
export function dark(target?: Element): Pull<boolean> {
  return observe((notify) => {
    const element = target ?? document.body;
    const query = matchMedia("(prefers-color-scheme: dark)");
    let last: boolean | undefined;
    const changed = () => {
      const scheme = getComputedStyle(element).colorScheme ?? "";
      const dark = /\bdark\b/.test(scheme);
      // the page names one scheme: that one; both ("light dark") or neither: the reader's preference
      const value = dark !== /\blight\b/.test(scheme) ? dark : query.matches;
      if (value !== last) notify((last = value));
    };
    changed();
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  });
}

/** The content width of an element, now and whenever it changes. */
export function width(element: Element): Pull<number> {
  return observe((notify) => {
    let last: number | undefined;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry.contentRect.width);
      if (w !== last) notify((last = w));
    });
    observer.observe(element);
    return () => observer.disconnect();
  });
}
