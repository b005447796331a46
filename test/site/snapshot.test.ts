// Which Chromium renders snapshots and PDFs, and for how long: the choices made before any
// browser starts (the renders themselves are in the browser tests).
import {describe, expect, it} from "vitest";
import {CHROMIUM_CANDIDATES, chromiumPath, defaultRenderTimeoutMs, renderTimeoutMs} from "../../src/site/snapshot.js";

const installed =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe("chromiumPath(env, exists)", () => {
  it("takes QUEUEBOOK_CHROMIUM as given, installed or not", () => {
    expect(chromiumPath({QUEUEBOOK_CHROMIUM: "/opt/c/chrome"}, installed())).toBe("/opt/c/chrome");
    expect(chromiumPath({QUEUEBOOK_CHROMIUM: "/opt/c/chrome"}, installed(...CHROMIUM_CANDIDATES))).toBe("/opt/c/chrome");
  });

  it("prefers Debian's headless shell, then the full Chromium, whichever is installed", () => {
    expect(chromiumPath({}, installed("/usr/bin/chromium-headless-shell", "/usr/bin/chromium"))).toBe("/usr/bin/chromium-headless-shell");
    expect(chromiumPath({}, installed("/usr/bin/chromium-headless-shell"))).toBe("/usr/bin/chromium-headless-shell");
    expect(chromiumPath({}, installed("/usr/bin/chromium"))).toBe("/usr/bin/chromium");
    expect(chromiumPath({QUEUEBOOK_CHROMIUM: ""}, installed("/usr/bin/chromium"))).toBe("/usr/bin/chromium");
  });

  it("names the full Chromium when neither is installed, so the message says where it looked last", () => {
    expect(chromiumPath({}, installed())).toBe("/usr/bin/chromium");
  });
});

describe("renderTimeoutMs(env)", () => {
  it("reads QUEUEBOOK_SNAPSHOT_TIMEOUT_S as positive seconds up to an hour, else 30 s", () => {
    expect(renderTimeoutMs({})).toBe(defaultRenderTimeoutMs);
    expect(renderTimeoutMs({QUEUEBOOK_SNAPSHOT_TIMEOUT_S: "2.5"})).toBe(2500);
    expect(renderTimeoutMs({QUEUEBOOK_SNAPSHOT_TIMEOUT_S: "3600"})).toBe(3_600_000);
    for (const bad of ["0", "-1", "abc", "3601", ""])
      expect(renderTimeoutMs({QUEUEBOOK_SNAPSHOT_TIMEOUT_S: bad})).toBe(defaultRenderTimeoutMs);
  });
});
