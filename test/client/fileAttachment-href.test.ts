// FileAttachment(name).href, which a cell's import.meta.resolve(…) becomes: a blob: URL of the
// embedded bytes, made at once (synchronous, as Framework's href), one per embedded file.
import {resolveObjectURL} from "node:buffer";
import {describe, expect, it} from "vitest";
import {makeFileAttachment} from "../../src/client/fileAttachment.js";

const files = Object.assign(Object.create(null), {
  "npm:us-atlas@3/x.json": {mimeType: "application/json", text: '{"a": 1}'},
  "pic.png": {mimeType: "image/png", base64: "AP8B"}
});
const FileAttachment = makeFileAttachment(() => files);

describe("EmbeddedFileAttachment.href", () => {
  it("is a blob: URL holding the file's bytes and type, text or base64", async () => {
    const json = resolveObjectURL(FileAttachment("npm:us-atlas@3/x.json").href)!;
    expect([json.type, await json.text()]).toEqual(["application/json", '{"a": 1}']);
    const png = resolveObjectURL(FileAttachment("./pic.png").href)!;
    expect([png.type, [...new Uint8Array(await png.arrayBuffer())]]).toEqual(["image/png", [0, 255, 1]]);
  });
  it("is the same URL for every attachment object of one file (a cell re-running makes no new one), another for another file", () => {
    const first = FileAttachment("pic.png").href;
    expect(FileAttachment("./pic.png").href).toBe(first);
    expect(FileAttachment("npm:us-atlas@3/x.json").href).not.toBe(first);
    expect(first).toMatch(/^blob:/);
  });
  it("throws, as FileAttachment does, for a file the build did not embed", () => {
    expect(() => FileAttachment("npm:other/x.json").href).toThrow(/file not found: npm:other\/x\.json/);
  });
});
