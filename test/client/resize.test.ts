// resize(render) with a stand-in ResizeObserver and element: what is rendered, when, and which
// render wins when an older one finishes last.
import {afterEach, describe, expect, it, vi} from "vitest";
import {resize} from "../../src/client/resize.js";

type Entry = {contentRect: {width: number; height: number}};

/** A fake DOM: elements record their children; the observer's callback is kept to be fired. */
function fakeDom() {
  let fire!: (entries: Entry[]) => Promise<void>;
  let disconnected = false;
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(callback: (entries: Entry[]) => Promise<void>) {
        fire = callback;
      }
      observe() {}
      disconnect() {
        disconnected = true;
      }
    }
  );
  vi.stubGlobal("HTMLElement", class {});
  vi.stubGlobal("document", {
    createElement: () => ({
      style: {} as Record<string, string>,
      children: [] as unknown[],
      replaceChildren(this: {children: unknown[]}) {
        this.children = [];
      },
      append(this: {children: unknown[]}, child: unknown) {
        this.children.push(child);
      }
    })
  });
  return {resizeTo: (width: number, height = 100) => fire([{contentRect: {width, height}}]), disconnected: () => disconnected};
}

describe("resize(render)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("renders at the container's width, again when the width changes, not on a height-only change", async () => {
    const dom = fakeDom();
    const widths: number[] = [];
    const div = resize((width) => (widths.push(width), `at ${width}`)) as any;
    await dom.resizeTo(640);
    expect(div.children).toEqual(["at 640"]);
    await dom.resizeTo(640, 300);
    await dom.resizeTo(320);
    expect(widths).toEqual([640, 320]);
    expect(div.children).toEqual(["at 320"]);
  });

  it("passes the height too when render takes two arguments, and fills the container's height", async () => {
    const dom = fakeDom();
    const div = resize((width, height) => `${width}×${height}`) as any;
    expect(div.style.height).toBe("100%");
    await dom.resizeTo(200, 50);
    await dom.resizeTo(200, 80);
    expect(div.children).toEqual(["200×80"]);
  });

  it("keeps the newest render when an older, slower one finishes last", async () => {
    const dom = fakeDom();
    const finish: (() => void)[] = [];
    const div = resize((width) => new Promise<string>((resolve) => finish.push(() => resolve(`at ${width}`)))) as any;
    const first = dom.resizeTo(100);
    const second = dom.resizeTo(200);
    finish[1]();
    await second;
    finish[0]();
    await first;
    expect(div.children).toEqual(["at 200"]);
  });

  it("renders nothing while detached (width 0) and stops observing on invalidation", async () => {
    const dom = fakeDom();
    let invalidate!: () => void;
    const div = resize(() => "content", new Promise<void>((resolve) => (invalidate = resolve))) as any;
    await dom.resizeTo(0);
    expect(div.children).toEqual([]);
    invalidate();
    await Promise.resolve();
    expect(dom.disconnected()).toBe(true);
  });
});
