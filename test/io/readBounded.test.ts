// readBounded(path, maxBytes) and readBoundedSync: the one reader of files a user names.
import {execFileSync} from "node:child_process";
import {chmodSync, mkdirSync, symlinkSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {readBounded, readBoundedSync, type BoundedRead} from "../../src/io/readBounded.js";
import {freshFolders} from "../support/folders.js";

const fresh = freshFolders("queuebook-read-bounded-");

/** The folder every case reads from: one file of each kind the readers must tell apart. */
function kinds(): string {
  const dir = fresh();
  writeFileSync(join(dir, "ten.txt"), "0123456789");
  writeFileSync(join(dir, "empty.txt"), "");
  mkdirSync(join(dir, "folder"));
  execFileSync("mkfifo", [join(dir, "fifo")]);
  symlinkSync("/dev/zero", join(dir, "zero"));
  symlinkSync(join(dir, "ten.txt"), join(dir, "link.txt"));
  symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
  return dir;
}

/** What a read came to, without the Stats objects (they differ per call). */
function outcome(read: BoundedRead): unknown {
  if (read.problem === undefined) return {text: read.bytes.toString("utf8")};
  if (read.problem === "folder" || read.problem === "not-regular") return {problem: read.problem};
  return read;
}

for (const [name, read] of [
  ["readBounded", readBounded],
  ["readBoundedSync", readBoundedSync]
] as const) {
  describe(`${name}(path, maxBytes)`, () => {
    it("reads a regular file (also behind a link) up to and including the limit", async () => {
      const dir = kinds();
      expect(outcome(await read(join(dir, "ten.txt"), 10))).toEqual({text: "0123456789"});
      expect(outcome(await read(join(dir, "link.txt"), 100))).toEqual({text: "0123456789"});
      expect(outcome(await read(join(dir, "empty.txt"), 0))).toEqual({text: ""});
    });
    it("refuses a file one byte over the limit by its size, before reading it", async () => {
      const dir = kinds();
      expect(outcome(await read(join(dir, "ten.txt"), 9))).toEqual({problem: "too-large", size: 10, grew: false});
    });
    it("refuses a folder, a FIFO (without waiting for a writer) and a device behind a link by kind", async () => {
      const dir = kinds();
      expect(outcome(await read(join(dir, "folder"), 100))).toEqual({problem: "folder"});
      expect(outcome(await read(join(dir, "fifo"), 100))).toEqual({problem: "not-regular"});
      expect(outcome(await read(join(dir, "zero"), 100))).toEqual({problem: "not-regular"});
      const fifo = await read(join(dir, "fifo"), 100);
      expect(fifo.problem === "not-regular" && fifo.stats.isFIFO()).toBe(true);
    });
    it("says missing for an absent file, a dangling link and a path through a file", async () => {
      const dir = kinds();
      expect(outcome(await read(join(dir, "absent"), 100))).toEqual({problem: "missing", code: "ENOENT"});
      expect(outcome(await read(join(dir, "dangling"), 100))).toEqual({problem: "missing", code: "ENOENT"});
      expect(outcome(await read(join(dir, "ten.txt", "x"), 100))).toEqual({problem: "missing", code: "ENOTDIR"});
    });
    it.skipIf(process.getuid?.() === 0)("names the system's code for a file it may not open", async () => {
      const dir = kinds();
      const secret = join(dir, "secret.txt");
      writeFileSync(secret, "x");
      chmodSync(secret, 0o000);
      expect(outcome(await read(secret, 100))).toEqual({problem: "unreadable", code: "EACCES", opening: true});
    });
    it("reads past what stat says for a file longer than it reports (/proc), still within the limit", async () => {
      // /proc files report size 0 and have content: the buffer grows, the limit still holds.
      const whole = await read("/proc/self/mountinfo", 1 << 20);
      expect(whole.problem === undefined && whole.bytes.length).toBeGreaterThan(1);
      const capped = await read("/proc/self/mountinfo", 3);
      expect(capped).toEqual({problem: "too-large", size: 4, grew: true});
    });
  });
}
