// FileAttachment's readers that Framework loads from a CDN (xlsx, zip, arrow, parquet, sqlite,
// arquero): queuebook carries each in a chunk of its own (src/client/libs/), loaded on first
// call. Here, without a page: each reader hands the file's bytes to its chunk's library, and a
// page without the chunk (an export that did not carry it) gets one sentence naming it.
import {afterEach, describe, expect, it} from "vitest";
import {makeFileAttachment, type Files} from "../../src/client/fileAttachment.js";
import {provided} from "../../src/client/provided.js";

const files: Files = {
  "data/latency.parquet": {mimeType: "application/octet-stream", base64: "UEFSMQ=="},
  "data/t.csv": {mimeType: "text/csv", text: "a\n1\n"}
};
const FileAttachment = makeFileAttachment(() => files);

afterEach(() => {
  for (const key of Object.keys(provided)) delete provided[key];
});

describe("FileAttachment(name).xlsx() / .zip() / .arrow() / .parquet() / .sqlite() / .arquero()", () => {
  it.each([
    ["xlsx", "xlsx"],
    ["zip", "zip"],
    ["arrow", "arrow"],
    ["parquet", "parquet"],
    ["sqlite", "sqlite"],
    ["arquero", "arquero"]
  ])("%s() rejects naming its chunk where the page has none (%s.js)", async (method, chunk) => {
    const file = FileAttachment("data/latency.parquet") as any;
    await expect(file[method]()).rejects.toThrow(`is not available: this page has no _queuebook/${chunk}.js`);
  });
  it("hands the file's bytes to the chunk's reader", async () => {
    const seen: number[] = [];
    provided.xlsx = {load: async (buffer: ArrayBuffer) => (seen.push(buffer.byteLength), "workbook")};
    provided.zip = {load: async (buffer: ArrayBuffer) => (seen.push(buffer.byteLength), "archive")};
    provided.parquet = {read: async (buffer: ArrayBuffer) => (seen.push(buffer.byteLength), "table")};
    provided.Arrow = {tableFromIPC: (bytes: Uint8Array) => (seen.push(bytes.length), "arrow table")};
    const file = FileAttachment("data/latency.parquet") as any;
    expect([await file.xlsx(), await file.zip(), await file.parquet(), await file.arrow()]).toEqual([
      "workbook",
      "archive",
      "table",
      "arrow table"
    ]);
    expect(seen).toEqual([4, 4, 4, 4]); // "PAR1"
  });
  it("arquero() reads CSV with the page's aq, and says when it cannot tell the format", async () => {
    provided.aq = {fromCSV: (text: string) => `csv:${text}`};
    expect(await (FileAttachment("data/t.csv") as any).arquero()).toBe("csv:a\n1\n");
    await expect(makeFileAttachment(() => ({"x.bin": {base64: ""}}))("x.bin").arquero()).rejects.toThrow(
      "cannot tell how to read it into Arquero"
    );
    expect(await FileAttachment("data/t.csv").csv()).toEqual(Object.assign([{a: "1"}], {columns: ["a"]}));
  });
});
