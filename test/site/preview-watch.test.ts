// The preview server's watcher on real folders: it sees changes in the tree and in folders
// made later, keeps seeing a file deleted and created again, and never follows a link out of
// the tree (a link to a busy folder once flooded the server). "Nothing was reported" is
// proven without waiting on time: every watch shares one inotify queue, so events arrive in
// the order they happened; the test writes a sentinel after the writes that must not be
// seen, waits for the sentinel, then for every earlier event's handling (settled()).
import {mkdirSync, rmSync, symlinkSync, writeFileSync, renameSync} from "node:fs";
import {realpathSync} from "node:fs";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {watchTree, type TreeWatcher} from "../../src/site/previewWatch.js";
import {freshFolders} from "../support/folders.js";

const folder = freshFolders("queuebook-watch-");
const open: TreeWatcher[] = [];
afterEach(() => open.splice(0).forEach((w) => w.close()));

/** Watches `dir`, recording every reported path; `seen(path)` resolves once `path` is reported. */
async function watching(dir: string, recursive = true) {
  const reported: string[] = [];
  const waiting: {path: string; done: () => void}[] = [];
  const logged: string[] = [];
  const watcher = watchTree(dir, {
    recursive,
    log: (line) => logged.push(line),
    onChange(path) {
      reported.push(path);
      for (const w of waiting.filter((w) => w.path === path)) w.done();
    }
  });
  open.push(watcher);
  await watcher.ready;
  const seen = (path: string) => (reported.includes(path) ? Promise.resolve() : new Promise<void>((done) => waiting.push({path, done})));
  /** Writes a sentinel file in `dir`, waits for it and for every event before it to be handled. */
  const flush = async (name = "sentinel.txt") => {
    const path = join(dir, name);
    writeFileSync(path, String(reported.length));
    await seen(path);
    await watcher.settled();
  };
  return {watcher, reported, seen, flush, logged};
}

/** A real (links resolved) fresh folder: the server watches the notebook folder's real path. */
const realFolder = () => realpathSync(folder());

describe("watchTree(dir, {onChange})", () => {
  it("reports changes in the folder, in its sub-folders and in folders created after it started", async () => {
    const root = realFolder();
    mkdirSync(join(root, "sub", "deep"), {recursive: true});
    const {seen, watcher} = await watching(root);
    writeFileSync(join(root, "a.md"), "a");
    await seen(join(root, "a.md"));
    writeFileSync(join(root, "sub", "deep", "b.csv"), "b");
    await seen(join(root, "sub", "deep", "b.csv"));
    mkdirSync(join(root, "later"));
    await seen(join(root, "later"));
    await watcher.settled();
    writeFileSync(join(root, "later", "c.md"), "c");
    await seen(join(root, "later", "c.md"));
    expect(watcher.folders()).toEqual([root, join(root, "later"), join(root, "sub"), join(root, "sub", "deep")]);
  });

  it("keeps seeing a file that is deleted and created again, moved away and back, or replaced by a rename", async () => {
    const root = realFolder();
    const file = join(root, "live.md");
    writeFileSync(file, "1");
    const {reported, seen, flush} = await watching(root);
    rmSync(file);
    await flush("s1");
    expect(reported).toContain(file);
    reported.length = 0;
    writeFileSync(file, "2");
    await seen(file);
    reported.length = 0;
    writeFileSync(file, "3"); // the recreated file itself is watched, not only its first creation
    await seen(file);
    reported.length = 0;
    renameSync(file, join(root, "away.txt"));
    renameSync(join(root, "away.txt"), file);
    await seen(file);
    reported.length = 0;
    writeFileSync(join(root, "live.md.tmp"), "4"); // an editor's atomic save
    renameSync(join(root, "live.md.tmp"), file);
    await seen(file);
  });

  it("never enters a link to a folder outside the tree: a busy folder there reports nothing", async () => {
    const root = realFolder();
    const outside = realFolder();
    mkdirSync(join(outside, "inner"));
    symlinkSync(outside, join(root, "busy"));
    const {reported, flush, watcher} = await watching(root);
    for (let i = 0; i < 20; i++) writeFileSync(join(outside, `log-${i % 3}.txt`), String(i));
    writeFileSync(join(outside, "inner", "x.md"), "x");
    mkdirSync(join(outside, "new"));
    await flush();
    expect(reported.filter((p) => !p.endsWith("sentinel.txt"))).toEqual([]);
    expect(watcher.folders()).toEqual([root]);
  });

  it("reports a link made later as the entry it is, but never enters it: what happens behind it is not reported", async () => {
    const root = realFolder();
    const outside = realFolder();
    writeFileSync(join(outside, "secret.md"), "s");
    writeFileSync(join(root, "inside.md"), "i");
    const {reported, flush, watcher} = await watching(root);
    symlinkSync(outside, join(root, "out-folder"));
    symlinkSync(join(outside, "secret.md"), join(root, "out.md")); // a notebook turned into a link out: its page must learn it
    symlinkSync(join(root, "inside.md"), join(root, "in.md"));
    mkdirSync(join(root, "real"));
    symlinkSync(join(root, "real"), join(root, "in-folder")); // a link to a folder inside: its target is watched, the link is not entered
    await flush("s1");
    expect(reported).toEqual(
      expect.arrayContaining([join(root, "out-folder"), join(root, "out.md"), join(root, "in.md"), join(root, "in-folder")])
    );
    expect(watcher.folders()).toEqual([root, join(root, "real")]);
    reported.length = 0;
    writeFileSync(join(outside, "secret.md"), "changed behind the link");
    writeFileSync(join(outside, "new.md"), "new behind the link");
    await flush("s2");
    expect([...new Set(reported)]).toEqual([join(root, "s2")]); // (a write is two events: made, then changed)
  });

  it("enters neither dot-folders nor node_modules", async () => {
    const root = realFolder();
    for (const name of [".git", "node_modules", "sub/.cache"]) mkdirSync(join(root, name), {recursive: true});
    const {reported, flush, watcher} = await watching(root);
    writeFileSync(join(root, ".git", "index"), "busy");
    writeFileSync(join(root, "node_modules", "x.js"), "busy");
    writeFileSync(join(root, "sub", ".cache", "y"), "busy");
    mkdirSync(join(root, ".later"));
    writeFileSync(join(root, ".later", "z.md"), "busy");
    await flush();
    expect(
      reported.filter((p) => p.includes(`${root}/.git/`) || p.includes("node_modules/") || p.includes(".cache/") || p.includes(".later/"))
    ).toEqual([]);
    expect(watcher.folders()).toEqual([root, join(root, "sub")]);
  });

  it("stops watching a folder that is removed, without an error, and watches it again when it is made again", async () => {
    const root = realFolder();
    mkdirSync(join(root, "sub"));
    const {seen, watcher, logged, reported} = await watching(root);
    rmSync(join(root, "sub"), {recursive: true});
    await seen(join(root, "sub"));
    await watcher.settled();
    expect(watcher.folders()).toEqual([root]);
    reported.length = 0;
    mkdirSync(join(root, "sub"));
    await seen(join(root, "sub"));
    await watcher.settled();
    writeFileSync(join(root, "sub", "again.md"), "x");
    await seen(join(root, "sub", "again.md"));
    expect(logged).toEqual([]);
  });

  it("with recursive: false watches the folder alone", async () => {
    const root = realFolder();
    mkdirSync(join(root, "sub"));
    const {reported, flush, watcher} = await watching(root, false);
    writeFileSync(join(root, "sub", "x.ts"), "x");
    await flush();
    expect(reported.filter((p) => p.startsWith(join(root, "sub") + "/"))).toEqual([]);
    expect(watcher.folders()).toEqual([root]);
  });

  it("watches nothing, says nothing and keeps no handle for a folder that does not exist; close() ends every watch", async () => {
    const root = join(realFolder(), "missing");
    const {watcher, logged} = await watching(root);
    expect(watcher.folders()).toEqual([]);
    expect(logged).toEqual([]);
    const real = realFolder();
    mkdirSync(join(real, "sub"));
    const other = watchTree(real, {onChange: () => {}});
    await other.ready;
    expect(other.folders()).toHaveLength(2);
    other.close();
    expect(other.folders()).toEqual([]);
  });
});
