import {describe, expect, it} from "vitest";
import {makeFileAttachment, type Files} from "../../src/client/fileAttachment.js";

const files: Files = {
  "data/runs.csv": {mimeType: "text/csv", text: "run,latency,ok\n1,12.5,true\n2,,false\n"},
  "data/runs.tsv": {mimeType: "text/tab-separated-values", text: "a\tb\n1\tx\n"},
  "config.json": {mimeType: "application/json", text: '{"rate": 3}'},
  "bytes.bin": {mimeType: "application/octet-stream", base64: "AAECA/8="},
  "hello.txt": {base64: Buffer.from("héllo").toString("base64")}
};
const FileAttachment = makeFileAttachment(() => files);

describe("FileAttachment", () => {
  it("reads text and JSON", async () => {
    expect(await FileAttachment("config.json").json()).toEqual({rate: 3});
    expect(await FileAttachment("hello.txt").text()).toBe("héllo");
  });

  it("parses CSV and TSV, typed or not", async () => {
    const rows = await FileAttachment("data/runs.csv").csv();
    expect(rows[0]).toEqual({run: "1", latency: "12.5", ok: "true"});
    expect((rows as any).columns).toEqual(["run", "latency", "ok"]);
    const typed = await FileAttachment("data/runs.csv").csv({typed: true});
    expect(typed[0]).toEqual({run: 1, latency: 12.5, ok: true});
    expect(typed[1].latency).toBe(null);
    expect(await FileAttachment("data/runs.tsv").tsv({typed: true})).toEqual(Object.assign([{a: 1, b: "x"}], {columns: ["a", "b"]}));
    // {array: true}: rows as arrays, the header line the first of them (Framework's dsv)
    expect(await FileAttachment("data/runs.csv").csv({array: true})).toEqual([
      ["run", "latency", "ok"],
      ["1", "12.5", "true"],
      ["2", "", "false"]
    ]);
    expect(await FileAttachment("data/runs.csv").csv({array: true, typed: true})).toEqual([
      ["run", "latency", "ok"],
      [1, 12.5, true],
      [2, null, false]
    ]);
    expect(await FileAttachment("data/runs.tsv").tsv({array: true})).toEqual([
      ["a", "b"],
      ["1", "x"]
    ]);
  });

  it("decodes base64 to bytes, blobs and URLs", async () => {
    const f = FileAttachment("bytes.bin");
    expect(Array.from(new Uint8Array(await f.arrayBuffer()))).toEqual([0, 1, 2, 3, 255]);
    const blob = await f.blob();
    expect(blob.size).toBe(5);
    expect(blob.type).toBe("application/octet-stream");
    const url = await f.url();
    expect(url).toMatch(/^blob:/);
    expect(await f.url()).toBe(url);
    expect(Array.from(new Uint8Array(await (await FileAttachment("hello.txt").blob()).arrayBuffer()))).toEqual(
      Array.from(Buffer.from("héllo"))
    );
  });

  it("knows its name (the file's own, without folders, as in Framework) and MIME type, with or without ./", () => {
    const f = FileAttachment("./data/runs.csv");
    expect(f.name).toBe("runs.csv");
    expect(String(f)).toBe('FileAttachment("data/runs.csv")');
    expect(FileAttachment("data/runs.tsv").name).toBe("runs.tsv");
    expect(f.mimeType).toBe("text/csv");
    expect(FileAttachment("hello.txt").mimeType).toBe("application/octet-stream");
  });

  it("says clearly when a file is missing", () => {
    expect(() => FileAttachment("nope.csv")).toThrow(
      "file not found: nope.csv (files are embedded at build time; is it next to the notebook?)"
    );
    expect(() => FileAttachment("toString")).toThrow(/file not found/);
  });

  it("reads the current map (live updates swap it)", async () => {
    let current: Files = {"a.txt": {text: "1"}};
    const FA = makeFileAttachment(() => current);
    expect(await FA("a.txt").text()).toBe("1");
    current = {"a.txt": {text: "2"}};
    expect(await FA("a.txt").text()).toBe("2");
  });
});

describe("FileAttachment over a null-prototype object of files (as the bundle embeds them)", () => {
  const embedded: Files = Object.assign(
    Object.create(null),
    JSON.parse('{"__proto__": {"mimeType": "text/plain", "text": "proto"}, "toString.txt": {"text": "t"}}')
  );
  const attach = makeFileAttachment(() => embedded);
  it("reads a file named __proto__ like any other", async () => {
    expect(await attach("__proto__").text()).toBe("proto");
    expect(await attach("./toString.txt").text()).toBe("t");
  });
  it("says a name that is only an object's built-in property is not found, instead of reading nothing", () => {
    expect(() => attach("constructor")).toThrow(/file not found: constructor/);
    expect(() => makeFileAttachment(() => ({}))("__proto__")).toThrow(/file not found: __proto__/);
    expect(() => makeFileAttachment(() => ({}))("hasOwnProperty")).toThrow(/file not found/);
  });
});

describe("FileAttachment of a file loaded on use (a project module's, in a site build)", () => {
  it("reads the data its script handed over, and says which script is missing when there is none", async () => {
    const {provided} = await import("../../src/client/provided.js");
    provided["file:k-loaded"] = {mimeType: "text/csv", text: "a\n1\n"};
    const lazy = makeFileAttachment(() => ({
      "data/runs.csv": {mimeType: "text/csv", lazy: "k-loaded"},
      "data/gone.csv": {mimeType: "text/csv", lazy: "k-missing"}
    }));
    expect(await lazy("data/runs.csv").csv({typed: true})).toEqual(Object.assign([{a: 1}], {columns: ["a"]}));
    expect(new Uint8Array(await lazy("data/runs.csv").arrayBuffer())).toEqual(new TextEncoder().encode("a\n1\n"));
    await expect(lazy("data/gone.csv").text()).rejects.toThrow(
      "data/gone.csv could not be loaded: this page has no _queuebook/files/k-missing.js beside it"
    );
    // href names the file's own copy under _queuebook/: a page with no such folder (here, no page) says so
    expect(() => lazy("data/runs.csv").href).toThrow("data/runs.csv has no URL: this page has no _queuebook/ folder beside it");
  });
});
