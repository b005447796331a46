// writeFilesAtomic / writeFileAtomic / writeAtomic: outputs appear whole or not at all, and a
// failed write is one line naming the file, the reason and the system's code (writeFailure).
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from "node:fs";
import {writeFile} from "node:fs/promises";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {WriteError, writeAtomic, writeFailure, writeFileAtomic, writeFilesAtomic} from "../../src/io/write.js";
import {freshFolders} from "../support/folders.js";

const fresh = freshFolders("queuebook-io-write-");

/** The WriteError `write` throws, as its one-line message. */
function failure(write: () => void): string {
  try {
    write();
  } catch (error) {
    expect(error).toBeInstanceOf(WriteError);
    expect((error as Error).message).not.toMatch(/\n/);
    return (error as Error).message;
  }
  throw new Error("expected the write to fail");
}

describe("writeFilesAtomic(files)", () => {
  it("writes every file, replacing old ones, and leaves no temporary file", () => {
    const dir = fresh();
    writeFileSync(join(dir, "b.txt"), "old");
    writeFilesAtomic([
      [join(dir, "a.txt"), "A"],
      [join(dir, "b.txt"), "B"]
    ]);
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
    expect(failure(() => writeFileAtomic(join(dir, "file", "o.csv"), "x"))).toBe(
      `cannot write ${join(dir, "file", "o.csv")}: ${join(dir, "file")} is not a folder`
    );
    expect(failure(() => writeFileAtomic(join(dir, "none", "o.csv"), "x"))).toMatch(/: folder .*none does not exist$/);
  });

  it.runIf(process.platform === "linux")("turns a refused write (EACCES on /sys) into one line with the code", () => {
    expect(failure(() => writeFileAtomic("/sys/o.csv", "x"))).toMatch(/^cannot write \/sys\/o\.csv: .*\((EACCES|EPERM|EROFS|ENOENT)\)$/);
  });

  it("removes the temporary files already written when a later one fails", () => {
    const dir = fresh();
    const long = "x".repeat(300); // a name too long for the file system: fails at the write, after the checks
    const message = failure(() =>
      writeFilesAtomic([
        [join(dir, "a.txt"), "A"],
        [join(dir, long), "B"]
      ])
    );
    expect(message).toMatch(/\((ENAMETOOLONG)\)$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("writeAtomic(target, write)", () => {
  it("puts the file in place whole, leaving no temporary file", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "page.html"), "old");
    await writeAtomic(join(dir, "page.html"), (tmp) => writeFile(tmp, "new"));
    expect(readdirSync(dir)).toEqual(["page.html"]);
    expect(readFileSync(join(dir, "page.html"), "utf8")).toBe("new");
  });

  it("leaves the old file and no temporary file when the write fails halfway, and rethrows its error", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "page.html"), "old");
    const failing = async (tmp: string) => {
      await writeFile(tmp, "half");
      throw Object.assign(new Error("disk full"), {code: "ENOSPC"});
    };
    await expect(writeAtomic(join(dir, "page.html"), failing)).rejects.toMatchObject({code: "ENOSPC"});
    expect(readdirSync(dir)).toEqual(["page.html"]);
    expect(readFileSync(join(dir, "page.html"), "utf8")).toBe("old");
  });
});

describe("writeFailure(error, shown)", () => {
  it("says the reason and the code for a system error, and the first line of any other", () => {
    expect(writeFailure(Object.assign(new Error("x"), {code: "ENOTDIR"}), "keep.txt/out")).toBe(
      "cannot write keep.txt/out: a part of the path is a file, not a folder (ENOTDIR)"
    );
    expect(writeFailure(Object.assign(new Error("x"), {code: "EWHAT"}), "a")).toBe("cannot write a: failed (EWHAT)");
    expect(writeFailure(new Error("first\nsecond"), "a")).toBe("cannot write a: first");
  });
});
