// writeSharedFiles: each file a project module attaches, once for the site: a classic script
// that hands its data to queuebook.provide, and its bytes under its own name.
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import type {SharedFile} from "../../src/notebook/buildCache.js";
import {writeSharedFiles} from "../../src/site/sharedFiles.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-shared-"));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

/** Runs a written script as the page would, returning what it provided. */
function provided(script: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  new Function("queuebook", script)({provide: (objects: Record<string, unknown>) => Object.assign(out, objects)});
  return out;
}

describe("writeSharedFiles", () => {
  it("writes a script handing over each file's data, and its bytes under each name it was attached by", async () => {
    const text = "a,b\n1,'2'\n</script><!-- \u2028 é\n";
    const bytes = new Uint8Array([0, 255, 10, 13]);
    const files = new Map<string, SharedFile>([
      ["k1", {data: {mimeType: "text/csv", text}, bytes: new TextEncoder().encode(text), names: new Set(["runs.csv", "copy.csv"])}],
      [
        "k2",
        {data: {mimeType: "application/octet-stream", base64: Buffer.from(bytes).toString("base64")}, bytes, names: new Set(["x.bin"])}
      ]
    ]);
    await writeSharedFiles(dir, files);
    expect(provided(readFileSync(join(dir, "files", "k1.js"), "utf8"))).toEqual({"file:k1": {mimeType: "text/csv", text}});
    expect(provided(readFileSync(join(dir, "files", "k2.js"), "utf8"))).toEqual({
      "file:k2": {mimeType: "application/octet-stream", base64: "AP8KDQ=="}
    });
    expect(readFileSync(join(dir, "files", "k1", "runs.csv"), "utf8")).toBe(text);
    expect(readFileSync(join(dir, "files", "k1", "copy.csv"), "utf8")).toBe(text);
    expect(new Uint8Array(readFileSync(join(dir, "files", "k2", "x.bin")))).toEqual(bytes);
  });
});
