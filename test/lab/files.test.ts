import {execFileSync} from "node:child_process";
import {mkdirSync, symlinkSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {folderReader} from "../../src/lab/files.js";
import {LabInputError} from "../../src/lab/table.js";
import {freshFolders} from "../support/folders.js";

const fresh = freshFolders("queuebook-lab-files-");

describe("folderReader(dir, {maxBytes})", () => {
  it("reads a regular file once, and undefined for a missing one", () => {
    const dir = fresh();
    writeFileSync(join(dir, "a.csv"), "x");
    const read = folderReader(dir);
    expect(read("a.csv")).toBe("x");
    writeFileSync(join(dir, "a.csv"), "changed");
    expect(read("a.csv")).toBe("x"); // the analysis sees one version of each file
    expect(read("b.csv")).toBeUndefined();
  });

  it("refuses a folder, a FIFO, /dev/zero behind a symlink and a file over the limit, without reading them", () => {
    const dir = fresh();
    mkdirSync(join(dir, "folder.csv"));
    execFileSync("mkfifo", [join(dir, "fifo.csv")]);
    symlinkSync("/dev/zero", join(dir, "zero.csv"));
    writeFileSync(join(dir, "big.csv"), "x".repeat(101));
    const read = folderReader(dir, {maxBytes: 100});
    expect(() => read("folder.csv")).toThrow(new LabInputError("folder.csv: not a regular file"));
    expect(() => read("fifo.csv")).toThrow("fifo.csv: not a regular file");
    expect(() => read("zero.csv")).toThrow("zero.csv: not a regular file");
    expect(() => read("big.csv")).toThrow("big.csv: 101 bytes, more than the 100 a lab file may have");
  });
});
