// targetReason / unwritableReason and the writers' last check: an output replaces nothing or a
// regular file, never a link, pipe, socket, device, folder, notebook or an input of the command.
// Devices are only looked at (lstat of /dev/null before anything is written), never written.
import {execFileSync} from "node:child_process";
import {linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from "node:fs";
import {writeFile} from "node:fs/promises";
import {createServer} from "node:net";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {targetReason} from "../../src/io/target.js";
import {unwritableReason, WriteError, writeAtomic, writeFailure, writeFileAtomic, writeFilesAtomic} from "../../src/io/write.js";
import {freshFolders} from "../support/folders.js";
import {tree} from "../support/tree.js";

const fresh = freshFolders("queuebook-io-target-");

/** A folder holding one of each kind of thing an output path could name. */
function zoo(): string {
  const dir = fresh();
  writeFileSync(join(dir, "file.txt"), "mine");
  mkdirSync(join(dir, "folder"));
  symlinkSync(join(dir, "file.txt"), join(dir, "link-to-file"));
  symlinkSync(join(dir, "folder"), join(dir, "link-to-folder"));
  symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
  execFileSync("mkfifo", [join(dir, "fifo")]);
  writeFileSync(join(dir, "notes.md"), "# mine\n");
  return dir;
}

const isCharDevice = (path: string) => lstatSync(path).isCharacterDevice();

describe("targetReason(path, shown, rules)", () => {
  it("allows nothing there, a regular file, and a new .md", () => {
    const dir = zoo();
    expect(targetReason(join(dir, "new.csv"))).toBeUndefined();
    expect(targetReason(join(dir, "file.txt"))).toBeUndefined();
    expect(targetReason(join(dir, "new.md"))).toBeUndefined();
  });

  it("refuses links (to a file, to a folder, dangling), a FIFO and a folder, naming what it is", () => {
    const dir = zoo();
    const reason = (name: string) => targetReason(join(dir, name), name);
    expect(reason("link-to-file")).toBe("cannot write link-to-file: it is a symbolic link, not a regular file: refusing to replace it");
    expect(reason("link-to-folder")).toMatch(/: it is a symbolic link,/);
    expect(reason("dangling")).toMatch(/: it is a symbolic link,/);
    expect(reason("fifo")).toBe("cannot write fifo: it is a named pipe (FIFO), not a regular file: refusing to replace it");
    expect(reason("folder")).toBe("cannot write folder: it is a folder");
  });

  it("refuses a socket", async () => {
    const dir = fresh();
    const server = createServer();
    await new Promise<void>((done) => server.listen(join(dir, "sock"), done));
    try {
      expect(targetReason(join(dir, "sock"), "sock")).toMatch(/^cannot write sock: it is a socket, not a regular file/);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it.runIf(process.platform === "linux")("refuses devices and /dev/stdout (a link), and they stay what they were", () => {
    expect(targetReason("/dev/null")).toBe("cannot write /dev/null: it is a device, not a regular file: refusing to replace it");
    expect(targetReason("/dev/full")).toMatch(/it is a device/);
    if (lstatSync("/dev/stdout").isSymbolicLink()) expect(targetReason("/dev/stdout")).toMatch(/it is a symbolic link/);
    expect(isCharDevice("/dev/null") && isCharDevice("/dev/full")).toBe(true);
  });

  it("refuses an existing notebook (any case of .md) unless notebooks are allowed", () => {
    const dir = zoo();
    writeFileSync(join(dir, "UP.MD"), "# up\n");
    expect(targetReason(join(dir, "notes.md"), "notes.md")).toBe("cannot write notes.md: it is a notebook (.md): refusing to replace it");
    expect(targetReason(join(dir, "UP.MD"))).toMatch(/notebook/);
    expect(targetReason(join(dir, "notes.md"), "notes.md", {notebooks: false})).toBeUndefined();
  });

  it("refuses an input of the command: the same path, another path to it, a hard link to it", () => {
    const dir = zoo();
    linkSync(join(dir, "file.txt"), join(dir, "hard.txt"));
    const input = {inputs: [join(dir, "file.txt")]};
    expect(targetReason(join(dir, "file.txt"), "file.txt", input)).toBe(
      "cannot write file.txt: it is an input of this command: refusing to replace it"
    );
    expect(targetReason(join(dir, "folder", "..", "file.txt"), "x", input)).toMatch(/input of this command/);
    expect(targetReason(join(dir, "hard.txt"), "x", input)).toMatch(/input of this command/);
    // An input named through a link is the file the link points to.
    expect(targetReason(join(dir, "file.txt"), "x", {inputs: [join(dir, "link-to-file")]})).toMatch(/input of this command/);
    writeFileSync(join(dir, "other.txt"), "");
    expect(targetReason(join(dir, "other.txt"), "x", input)).toBeUndefined();
    expect(targetReason(join(dir, "new.txt"), "x", {inputs: [join(dir, "missing.csv")]})).toBeUndefined();
  });

  it("names a missing folder and a file used as a folder", () => {
    const dir = zoo();
    expect(targetReason(join(dir, "none", "o.csv"), "none/o.csv")).toBe("cannot write none/o.csv: folder none does not exist");
    expect(targetReason(join(dir, "file.txt", "o.csv"), "file.txt/o.csv")).toBe("cannot write file.txt/o.csv: file.txt is not a folder");
  });

  it("is what unwritableReason(path, shown) says (its signature kept for callers)", () => {
    const dir = zoo();
    for (const name of ["fifo", "link-to-file", "notes.md", "file.txt", "new.csv"])
      expect(unwritableReason(join(dir, name), name)).toBe(targetReason(join(dir, name), name));
  });
});

describe("the writers refuse what targetReason refuses, and change nothing", () => {
  it("writeFilesAtomic: one FIFO or link among the targets and nothing is written", () => {
    for (const bad of ["fifo", "link-to-file", "dangling", "link-to-folder"]) {
      const dir = zoo();
      const before = tree(dir);
      expect(
        () =>
          writeFilesAtomic([
            [join(dir, "a.csv"), "A"],
            [join(dir, bad), "B"]
          ]),
        bad
      ).toThrow(WriteError);
      expect(tree(dir), bad).toEqual(before);
    }
  });

  it("writeFileAtomic still saves over a notebook (the dev server's save), never through a link", () => {
    const dir = zoo();
    writeFileAtomic(join(dir, "notes.md"), "# saved\n");
    expect(readFileSync(join(dir, "notes.md"), "utf8")).toBe("# saved\n");
    symlinkSync(join(dir, "notes.md"), join(dir, "link.md"));
    expect(() => writeFileAtomic(join(dir, "link.md"), "x")).toThrow(/symbolic link/);
    expect(readFileSync(join(dir, "notes.md"), "utf8")).toBe("# saved\n");
  });

  it.runIf(process.platform === "linux")("writeFileAtomic and writeAtomic leave /dev/null a device and never start writing", async () => {
    expect(() => writeFileAtomic("/dev/null", "x")).toThrow(/it is a device/);
    let started = false;
    await expect(writeAtomic("/dev/null", async () => void (started = true))).rejects.toThrow(WriteError);
    expect(started).toBe(false);
    expect(isCharDevice("/dev/null")).toBe(true);
  });

  it("writeAtomic: a link put at the target while writing is not replaced, and the temporary file is gone", async () => {
    const dir = zoo();
    const target = join(dir, "report.html");
    const racing = async (tmp: string) => {
      await writeFile(tmp, "new");
      symlinkSync(join(dir, "file.txt"), target);
    };
    const error = await writeAtomic(target, racing).then(
      () => undefined,
      (e) => e
    );
    expect(error).toBeInstanceOf(WriteError);
    expect(writeFailure(error, "report.html")).toBe(
      "cannot write report.html: it is a symbolic link, not a regular file: refusing to replace it"
    );
    expect(lstatSync(target).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "file.txt"), "utf8")).toBe("mine");
    expect(readdirSync(dir).filter((n) => n.includes(".tmp-"))).toEqual([]);
  });

  it("writeAtomic over a FIFO throws before writing, and the FIFO is still one", async () => {
    const dir = zoo();
    await expect(writeAtomic(join(dir, "fifo"), (tmp) => writeFile(tmp, "x"))).rejects.toThrow(/named pipe/);
    expect(lstatSync(join(dir, "fifo")).isFIFO()).toBe(true);
  });
});
