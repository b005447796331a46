import {execFileSync} from "node:child_process";
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {folderReader, OutputError, writeFileAtomic, writeFilesAtomic} from "../../src/lab/files.js";
import {LabInputError} from "../../src/lab/table.js";

const root = mkdtempSync(join(tmpdir(), "queuebook-lab-files-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));
let n = 0;
const fresh = () => {
  const dir = join(root, `d${n++}`);
  mkdirSync(dir);
  return dir;
};

/** The OutputError `write` throws, as its one-line message. */
function failure(write: () => void): string {
  try {
    write();
  } catch (error) {
    expect(error).toBeInstanceOf(OutputError);
    expect((error as Error).message).not.toMatch(/\n/);
    return (error as Error).message;
  }
  throw new Error("expected the write to fail");
}

describe("writeFilesAtomic(files)", () => {
  it("writes every file, replacing old ones, and leaves no temporary file", () => {
    const dir = fresh();
    writeFileSync(join(dir, "b.txt"), "old");
    writeFilesAtomic([[join(dir, "a.txt"), "A"], [join(dir, "b.txt"), "B"]]);
    expect(readdirSync(dir).sort()).toEqual(["a.txt", "b.txt"]);
    expect([readFileSync(join(dir, "a.txt"), "utf8"), readFileSync(join(dir, "b.txt"), "utf8")]).toEqual(["A", "B"]);
  });

  it("writes nothing when one target is a folder (EISDIR), even the last of eight", () => {
    const dir = fresh();
    mkdirSync(join(dir, "h.txt"));
    writeFileSync(join(dir, "a.txt"), "old");
    const files = [..."abcdefgh"].map((c): [string, string] => [join(dir, `${c}.txt`), c]);
    expect(failure(() => writeFilesAtomic(files))).toBe(`cannot write ${join(dir, "h.txt")}: it is a folder`);
    expect(readdirSync(dir).sort()).toEqual(["a.txt", "h.txt"]);
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("old");
  });

  it("names a path through a file (ENOTDIR) and a missing folder", () => {
    const dir = fresh();
    writeFileSync(join(dir, "file"), "");
    expect(failure(() => writeFileAtomic(join(dir, "file", "o.csv"), "x"))).toBe(`cannot write ${join(dir, "file", "o.csv")}: ${join(dir, "file")} is not a folder`);
    expect(failure(() => writeFileAtomic(join(dir, "none", "o.csv"), "x"))).toMatch(/: folder .*none does not exist$/);
  });

  it.runIf(process.platform === "linux")("turns a refused write (EACCES on /sys) into one line with the code", () => {
    expect(failure(() => writeFileAtomic("/sys/o.csv", "x"))).toMatch(/^cannot write \/sys\/o\.csv: .*\((EACCES|EPERM|EROFS|ENOENT)\)$/);
  });

  it("removes the temporary files already written when a later one fails", () => {
    const dir = fresh();
    const long = "x".repeat(300); // a name too long for the file system: fails at the write, after the checks
    const message = failure(() => writeFilesAtomic([[join(dir, "a.txt"), "A"], [join(dir, long), "B"]]));
    expect(message).toMatch(/\((ENAMETOOLONG)\)$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

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
