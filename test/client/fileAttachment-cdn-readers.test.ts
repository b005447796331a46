// FileAttachment's readers that Framework loads from a CDN (arrow, parquet, sqlite, arquero, and
// before them xlsx, zip): each rejects with one sentence naming the file, the reader and what to
// do, where pages written for Framework used to fail with "….parquet is not a function".
import {describe, expect, it} from "vitest";
import {makeFileAttachment, type Files} from "../../src/client/fileAttachment.js";

const files: Files = {"data/latency.parquet": {mimeType: "application/octet-stream", base64: "UEFSMQ=="}, "data/t.csv": {mimeType: "text/csv", text: "a\n1\n"}};
const FileAttachment = makeFileAttachment(() => files);

describe("FileAttachment(name).arrow() / .parquet() / .sqlite() / .arquero()", () => {
  it.each([
    ["arrow", "apache-arrow"],
    ["parquet", "parquet-wasm"],
    ["sqlite", "sql.js"],
    ["arquero", "arquero"]
  ])("%s() rejects saying it is not available and what to install (%s)", async (method, pkg) => {
    const file = FileAttachment("data/latency.parquet") as any;
    expect(typeof file[method]).toBe("function");
    await expect(file[method]()).rejects.toThrow(`latency.parquet: FileAttachment.${method}() is not available in queuebook (Framework loads ${pkg} from a CDN); install a reader (npm install ${pkg})`);
  });
  it("xlsx() and zip() keep their own sentences; the readers queuebook has still read", async () => {
    await expect((FileAttachment("data/t.csv") as any).xlsx()).rejects.toThrow("FileAttachment.xlsx() is not available in queuebook");
    await expect((FileAttachment("data/t.csv") as any).zip()).rejects.toThrow("FileAttachment.zip() is not available in queuebook");
    expect(await FileAttachment("data/t.csv").csv()).toEqual(Object.assign([{a: "1"}], {columns: ["a"]}));
  });
});
