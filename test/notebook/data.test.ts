import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {fileKey, loadFiles, mimeType, sharedFileMinBytes, type SharedFile} from "../../src/notebook/data.js";

// base/secret.txt lies beside the notebook root base/nb; the notebooks must never reach it.
const base = mkdtempSync(join(tmpdir(), "queuebook-data-"));
const dir = join(base, "nb");
mkdirSync(join(dir, "data"), {recursive: true});
mkdirSync(join(dir, "sub"));
writeFileSync(join(base, "secret.txt"), "SECRET-OUTSIDE");
writeFileSync(join(dir, "data", "a.csv"), "x,y\n1,2\n");
writeFileSync(join(dir, "data", "b.bin"), Buffer.from([0, 255, 1]));
writeFileSync(join(dir, "data", "ten.txt"), "0123456789");
writeFileSync(join(dir, "__proto__"), "proto file");
symlinkSync(join(base, "secret.txt"), join(dir, "data", "leak.txt"));
symlinkSync(join(dir, "data", "a.csv"), join(dir, "data", "alias.csv"));
// files of at least sharedFileMinBytes, which a site build writes into the site
const bigCsv = `x,y\n${"1,2\n".repeat(sharedFileMinBytes / 4)}`;
const bigBin = Buffer.alloc(sharedFileMinBytes, 7);
writeFileSync(join(dir, "data", "big.csv"), bigCsv);
writeFileSync(join(dir, "data", "big.bin"), bigBin);
symlinkSync(join(dir, "data", "big.csv"), join(dir, "data", "big-alias.csv"));
symlinkSync("/dev/zero", join(dir, "data", "zero.bin"));
spawnSync("mkfifo", [join(dir, "data", "pipe.csv")]);
afterAll(() => rmSync(base, {recursive: true, force: true}));

/** Loads the files of a notebook whose one cell attaches `names`, at nb/<notebook>. */
const load = (names: string[], options: {notebook?: string; maxBytes?: number} = {}) => {
  const md = "# t\n\n```js\n" + names.map((n) => `FileAttachment(${JSON.stringify(n)});`).join("\n") + "\n```\n";
  return loadFiles(compileNotebook(md, options.notebook ?? "nb.md"), join(dir, options.notebook ?? "nb.md"), {
    root: dir,
    maxBytes: options.maxBytes
  });
};

describe("mimeType(name)", () => {
  it("knows the lab's and the web's common types by extension", () => {
    expect(mimeType("runs.csv")).toBe("text/csv");
    expect(mimeType("q.TSV")).toBe("text/tab-separated-values");
    expect(mimeType("x.json")).toBe("application/json");
    expect(mimeType("p.png")).toBe("image/png");
    expect(mimeType("noext")).toBe("application/octet-stream");
  });
  it("does not mistake Object's own names for extensions", () => {
    expect(mimeType("a.constructor")).toBe("application/octet-stream");
    expect(mimeType("__proto__")).toBe("application/octet-stream");
  });
});

describe("loadFiles(compiled, notebookFile, {root, maxBytes})", () => {
  it("embeds text files as text and other files as base64, each once", async () => {
    const compiled = compileNotebook(
      '```js\nFileAttachment("data/a.csv")\n```\n\n```js\nFileAttachment("./data/b.bin")\n```\n\n${FileAttachment("data/a.csv").name}\n',
      "nb.md"
    );
    const loaded = await loadFiles(compiled, join(dir, "nb.md"), {root: dir});
    expect(loaded.problems.size).toBe(0);
    expect(Object.fromEntries(loaded.files)).toEqual({
      "data/a.csv": {mimeType: "text/csv", text: "x,y\n1,2\n"},
      "data/b.bin": {mimeType: "application/octet-stream", base64: "AP8B"}
    });
  });
  it("in a site build, names each file by key and records it once for the site; a page that may ask for a URL embeds", async () => {
    const shared = new Map<string, SharedFile>();
    const small = await loadFiles(compileNotebook('```js\nFileAttachment("data/a.csv")\n```\n', "nb.md"), join(dir, "nb.md"), {
      root: dir,
      shared
    });
    expect(small.files.get("data/a.csv")).toEqual({mimeType: "text/csv", text: "x,y\n1,2\n"}); // under sharedFileMinBytes: in the page
    expect(shared.size).toBe(0);
    const md = '```js\nFileAttachment("data/big.csv")\n```\n\n```js\nFileAttachment("./data/big.bin")\n```\n';
    const one = await loadFiles(compileNotebook(md, "nb.md"), join(dir, "nb.md"), {root: dir, shared});
    // another page attaching the same bytes under another name (a link to big.csv) shares the one record
    const two = await loadFiles(compileNotebook('```js\nFileAttachment("data/big-alias.csv")\n```\n', "two.md"), join(dir, "two.md"), {
      root: dir,
      shared
    });
    const csv = one.files.get("data/big.csv")!;
    expect(csv).toEqual({mimeType: "text/csv", lazy: expect.stringMatching(/^[0-9a-f]{20}$/)});
    expect(two.files.get("data/big-alias.csv")).toEqual(csv);
    expect(one.files.get("data/big.bin")).toEqual({mimeType: "application/octet-stream", lazy: expect.stringMatching(/^[0-9a-f]{20}$/)});
    expect(shared.size).toBe(2);
    expect(shared.get(csv.lazy!)).toEqual({
      data: {mimeType: "text/csv", text: bigCsv},
      bytes: Buffer.from(bigCsv),
      names: new Set(["big.csv", "big-alias.csv"])
    });
    // href or import.meta.resolve: a URL the page makes from the bytes it holds (fetch reads no file beside a page opened from file://)
    for (const cell of ['FileAttachment("data/big.csv").href', 'import.meta.resolve("./data/big.csv")']) {
      const loaded = await loadFiles(compileNotebook("```js\n" + cell + "\n```\n", "nb.md"), join(dir, "nb.md"), {root: dir, shared});
      expect(loaded.files.get("data/big.csv"), cell).toEqual({mimeType: "text/csv", text: bigCsv});
    }
    expect(shared.size).toBe(2);
  });
  it("says a missing file is not found and where it was looked for, without throwing", async () => {
    const loaded = await load(["data/nope.csv"]);
    expect(loaded.files.size).toBe(0);
    expect(loaded.problems.get("data/nope.csv")).toBe('FileAttachment "data/nope.csv" not found in the notebook folder (data/nope.csv)');
  });
  it("embeds a file named __proto__ like any other (a Map, not an object's prototype)", async () => {
    const loaded = await load(["__proto__"]);
    expect(loaded.files.get("__proto__")).toEqual({
      mimeType: "application/octet-stream",
      base64: Buffer.from("proto file").toString("base64")
    });
  });
  it("lets a notebook in a subfolder attach a file elsewhere inside the root", async () => {
    const loaded = await load(["../data/a.csv"], {notebook: "sub/p.md"});
    expect(loaded.problems.size).toBe(0);
    expect(loaded.files.get("../data/a.csv")?.text).toBe("x,y\n1,2\n");
  });
  it("follows a link that stays inside the root", async () => {
    expect((await load(["data/alias.csv"])).files.get("data/alias.csv")?.text).toBe("x,y\n1,2\n");
  });

  describe("never reads a file outside the notebook root", () => {
    const refused = async (name: string, pattern: RegExp, notebook?: string) => {
      const loaded = await load([name], {notebook});
      expect(loaded.files.size).toBe(0);
      expect(loaded.paths).toEqual([]);
      expect(loaded.problems.get(fileKey(name))).toMatch(pattern);
    };
    it("reads a leading / from the notebook root as Framework does, never from the disk's (/etc/passwd, /proc/self/environ, /dev/zero)", async () => {
      for (const name of ["/etc/passwd", "/proc/self/environ", "/dev/zero", join(dir, "data", "a.csv")])
        await refused(name, /not found in the notebook folder \(.*\); a leading "\/" is the notebook folder$/);
      expect((await load(["/data/a.csv"])).files.get("/data/a.csv")?.text).toBe("x,y\n1,2\n");
      expect((await load(["/data/a.csv"], {notebook: "sub/p.md"})).files.get("/data/a.csv")?.text).toBe("x,y\n1,2\n"); // the root, not the notebook's folder
    });
    it("refuses a root-relative path that climbs out of the root, and Windows and network paths", async () => {
      for (const name of ["/../secret.txt", "/data/../../secret.txt"]) await refused(name, /is outside the notebook folder/);
      for (const name of ["C:\\secret.txt", "c:/secret.txt", "\\\\server\\share\\x.csv", "//host/x.csv"])
        await refused(name, /is an absolute path: attach files inside the notebook folder/);
    });
    it("refuses ../ that escapes the root, however it is spelled", async () => {
      for (const name of ["../secret.txt", "data/../../secret.txt", "./../secret.txt", "../../../../../../etc/passwd"])
        await refused(name, /is outside the notebook folder/);
      await refused("../../secret.txt", /is outside the notebook folder/, "sub/p.md");
    });
    it("refuses a link inside the root that points outside it", async () => {
      await refused("data/leak.txt", /is a link to a file outside the notebook folder/);
      await refused("data/zero.bin", /is a link to a file outside the notebook folder/);
    });
    it("refuses a folder, and a FIFO without waiting for a writer", async () => {
      await refused("data", /is a folder, not a file/);
      await refused(".", /is a folder, not a file/);
      await refused("data/pipe.csv", /is not a regular file \(a device, pipe or socket\)/);
    });
    it("refuses an empty name or one with a NUL character", async () => {
      await refused("", /is not a file name/);
      await refused("data/a.csv\0.txt", /is not a file name/);
    });
  });

  describe("size limit", () => {
    it("embeds a file of exactly the limit and refuses one byte more", async () => {
      expect((await load(["data/ten.txt"], {maxBytes: 10})).files.get("data/ten.txt")?.text).toBe("0123456789");
      const loaded = await load(["data/ten.txt"], {maxBytes: 9});
      expect(loaded.files.size).toBe(0);
      expect(loaded.problems.get("data/ten.txt")).toMatch(
        /^FileAttachment "data\/ten\.txt" is 10 bytes, more than the limit of 9 bytes \(--max-file-mb\)$/
      );
    });
    it("names sizes in MB", async () => {
      const loaded = await load(["data/ten.txt"], {maxBytes: 5});
      expect(loaded.problems.get("data/ten.txt")).toContain("--max-file-mb");
    });
  });

  it("keeps a name with control characters on one line in its message", async () => {
    const loaded = await load(["data/a\nb\u001b[31m.csv"]);
    const message = [...loaded.problems.values()][0];
    expect(message).not.toMatch(/[\u0000-\u001f]/);
    expect(message).toContain('"data/a\\nb\\u001b[31m.csv"');
  });
});
