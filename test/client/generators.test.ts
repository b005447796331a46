import {describe, expect, it} from "vitest";
import {afterEach, vi} from "vitest";
import {dark, eventof, input, now, observe, queue, valueof} from "../../src/client/generators.js";
import {Mutable} from "../../src/client/mutable.js";

async function pull<T>(generator: Iterator<T | Promise<T>>): Promise<T> {
  const {done, value} = generator.next();
  if (done) throw new Error("done");
  return await value;
}

describe("observe", () => {
  it("yields the latest value, waiting when there is none", async () => {
    let notify!: (value: number) => number;
    const g = observe<number>((n) => void (notify = n));
    notify(1);
    notify(2);
    expect(await pull(g)).toBe(2);
    const next = pull(g);
    notify(3);
    notify(4); // arrives while nobody waits: the next pull gets it
    expect(await next).toBe(3);
    expect(await pull(g)).toBe(4);
  });

  it("disposes once on return and is done afterwards", () => {
    let disposed = 0;
    const g = observe(() => () => void ++disposed);
    expect(g.return()).toEqual({done: true, value: undefined});
    g.return();
    expect(disposed).toBe(1);
    expect(g.next().done).toBe(true);
  });

  it("rejects an initializer returning something other than a function", () => {
    expect(() => observe(() => 42 as any)).toThrow(/dispose/);
  });

  it("is its own iterator (generatorish for the runtime)", () => {
    const g = observe(() => {});
    expect(g[Symbol.iterator]()).toBe(g);
    expect(typeof g.next).toBe("function");
    expect(typeof g.return).toBe("function");
  });
});

describe("queue", () => {
  it("yields every value in order", async () => {
    let notify!: (value: string) => string;
    const g = queue<string>((n) => void (notify = n));
    notify("a");
    notify("b");
    const pending = [pull(g), pull(g), pull(g)];
    notify("c");
    expect(await Promise.all(pending)).toEqual(["a", "b", "c"]);
  });

  it("disposes on return", () => {
    let disposed = false;
    queue(() => () => void (disposed = true)).return();
    expect(disposed).toBe(true);
  });
});

describe("now", () => {
  it("yields the current time on each pull", async () => {
    const g = now();
    const t = await pull(g);
    expect(Math.abs(t - Date.now())).toBeLessThan(1000);
    g.return();
    expect(g.next().done).toBe(true);
  });
});

describe("dark", () => {
  afterEach(() => vi.unstubAllGlobals());
  /** A page whose body has `scheme` as its computed color-scheme, in a browser preferring dark or not. */
  function page(scheme: string, prefersDark: boolean) {
    const query = Object.assign(new EventTarget(), {matches: prefersDark});
    vi.stubGlobal("document", {body: {}});
    vi.stubGlobal("getComputedStyle", () => ({colorScheme: scheme}));
    vi.stubGlobal("matchMedia", () => query);
    return query;
  }

  it("follows the page's own color-scheme when it sets one", async () => {
    page("light", true);
    expect(await pull(dark())).toBe(false);
    page("dark", false);
    expect(await pull(dark())).toBe(true);
  });

  it("follows the reader's preference when the page allows both, and yields again when it changes", async () => {
    const query = page("light dark", false);
    const g = dark();
    expect(await pull(g)).toBe(false);
    const next = pull(g);
    query.matches = true;
    query.dispatchEvent(new Event("change"));
    expect(await next).toBe(true);
    g.return();
  });
});

describe("input", () => {
  it("yields the value now and after each input event", async () => {
    const element = Object.assign(new EventTarget(), {value: 5 as unknown});
    const g = input(element);
    expect(await pull(g)).toBe(5);
    const next = pull(g);
    element.value = 7;
    element.dispatchEvent(new Event("input"));
    expect(await next).toBe(7);
    g.return();
    element.value = 8;
    element.dispatchEvent(new Event("input")); // listener removed: no effect, no error
  });

  it("waits while the value is undefined (a required file input): the first pull gets the first real value", async () => {
    const element = Object.assign(new EventTarget(), {type: "file", multiple: false, files: [] as unknown[]});
    const g = input(element as any);
    let settled: unknown = "pending";
    const first = pull(g).then((v) => (settled = v));
    await Promise.resolve();
    expect(settled).toBe("pending");
    element.files = [{name: "runs.csv"}];
    element.dispatchEvent(new Event("change"));
    await first;
    expect(settled).toEqual({name: "runs.csv"});
  });

  it("passes on undefined after an event (a cleared input), only the initial one is skipped", async () => {
    const element = Object.assign(new EventTarget(), {value: 1 as unknown});
    const g = input(element);
    expect(await pull(g)).toBe(1);
    const next = pull(g);
    element.value = undefined;
    element.dispatchEvent(new Event("input"));
    expect(await next).toBeUndefined();
  });

  it("knows the value and event of native inputs", () => {
    expect(valueof({type: "range", valueAsNumber: 3, value: "3"} as any)).toBe(3);
    expect(valueof({type: "checkbox", checked: true} as any)).toBe(true);
    expect(valueof({value: {a: 1}} as any)).toEqual({a: 1});
    expect(eventof({type: "checkbox"} as any)).toBe("click");
    expect(eventof({type: "file"} as any)).toBe("change");
    expect(eventof({} as any)).toBe("input");
  });
});

describe("Mutable", () => {
  it("yields its value and each assignment", async () => {
    const m = Mutable(1);
    expect(m.value).toBe(1);
    expect(await pull(m)).toBe(1);
    const next = pull(m);
    m.value = 2;
    expect(await next).toBe(2);
    expect(m.value).toBe(2);
    m.value++;
    expect(await pull(m)).toBe(3);
  });

  it("waits for a first assignment when created without a value", async () => {
    const m = Mutable<number | undefined>(undefined);
    const next = pull(m);
    m.value = 9;
    expect(await next).toBe(9);
  });
});
