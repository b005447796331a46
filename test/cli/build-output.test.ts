// `queuebook build -o OUT` never destroys what it did not write: the data-loss class of issue 11.
// Each refused case: exit 2, one line, nothing touched (the tree is compared before and after).
// Through main() in this process (test/cli/build.test.ts runs the real binary); a build runs
// esbuild, a child process, so the tests get spawned work's budget (test/support/spawnBudget.ts).
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {runMain} from "../support/inProcess.js";
import {spawningTestTimeout} from "../support/spawnBudget.js";
import {checkOutput, followOutputLink} from "../../src/site/output.js";
import {tree} from "../support/tree.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-out-"));
  mkdirSync(join(dir, "nb"));
  writeFileSync(join(dir, "nb", "a.md"), "# A\n\n```js\n1 + 1\n```\n");
  writeFileSync(join(dir, "keep.txt"), "mine");
});
afterEach(() => {
  try {
    chmodSync(join(dir, "locked"), 0o755);
  } catch {}
  rmSync(dir, {recursive: true, force: true});
});

/** Every file under the temp folder with its content: what "nothing touched" compares. */
function snapshot(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, {recursive: true}).map(String).sort()) {
    try {
      files[name] = readFileSync(join(dir, name), "utf8");
    } catch {
      files[name] = "<folder>";
    }
  }
  return files;
}

async function refused(args: string[], cwd = dir) {
  const before = snapshot();
  const result = await runMain(["build", ...args], cwd);
  expect(result.code).toBe(2);
  const first = result.stderr.split("\n")[0];
  expect(first).toMatch(/^queuebook build: /);
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(snapshot()).toEqual(before);
  return first;
}

describe("queuebook build -o OUT refuses folders it would destroy", {timeout: spawningTestTimeout}, () => {
  it("-o . (the current folder, which holds the notebooks)", async () => {
    expect(await refused(["--root", "nb", "-o", "."])).toMatch(/contains the notebook folder/);
  });
  it("-o nb (the notebook root itself)", async () => {
    expect(await refused(["--root", "nb", "-o", "nb"])).toMatch(/inside the notebook folder/);
  });
  it("-o nb/site (inside the notebook root)", async () => {
    expect(await refused(["--root", "nb", "-o", "nb/site"])).toMatch(/inside the notebook folder/);
  });
  it("-o .. and -o / (a parent of the current folder)", async () => {
    mkdirSync(join(dir, "work"));
    await refused(["--root", "../nb", "-o", ".."], join(dir, "work"));
    expect(await refused(["--root", "../nb", "-o", "/"], join(dir, "work"))).toMatch(/contains the notebook folder|parents/);
  });
  it("-o with the current folder reached another way (absolute path)", async () => {
    mkdirSync(join(dir, "work"));
    mkdirSync(join(dir, "notes"));
    writeFileSync(join(dir, "notes", "b.md"), "# B\n");
    expect(await refused(["--root", "../notes", "-o", join(dir, "work")], join(dir, "work"))).toMatch(
      /current folder or one of its parents/
    );
  });
  it("-o a symlink that points at the notebook root", async () => {
    symlinkSync(join(dir, "nb"), join(dir, "link"));
    expect(await refused(["--root", "nb", "-o", "link"])).toMatch(/inside the notebook folder/);
  });
  it("-o some-file (an existing file)", async () => {
    expect(await refused(["--root", "nb", "-o", "keep.txt"])).toMatch(/is a file, not a folder/);
  });
  it("-o a folder queuebook did not write", async () => {
    mkdirSync(join(dir, "photos"));
    writeFileSync(join(dir, "photos", "cat.jpg"), "meow");
    expect(await refused(["--root", "nb", "-o", "photos"])).toMatch(/was not written by queuebook/);
  });
});

describe("queuebook build -o OUT replaces only its own site", {timeout: spawningTestTimeout}, () => {
  it("writes a marker, and a second build replaces the folder it wrote", async () => {
    const first = await runMain(["build", "--root", "nb", "-o", "site"], dir);
    expect(first.code).toBe(0);
    expect(existsSync(join(dir, "site", ".queuebook-site"))).toBe(true);
    writeFileSync(join(dir, "site", "stale.html"), "old");
    const second = await runMain(["build", "--root", "nb", "-o", "site"], dir);
    expect(second.code).toBe(0);
    expect(existsSync(join(dir, "site", "stale.html"))).toBe(false);
    expect(existsSync(join(dir, "site", "a.html"))).toBe(true);
    expect(readFileSync(join(dir, "keep.txt"), "utf8")).toBe("mine");
  });
  it("writes into an empty folder", async () => {
    mkdirSync(join(dir, "empty"));
    const result = await runMain(["build", "--root", "nb", "-o", "empty"], dir);
    expect(result.code).toBe(0);
    expect(existsSync(join(dir, "empty", "a.html"))).toBe(true);
  });
});

describe("queuebook build: write failures are one line, exit 1", {timeout: spawningTestTimeout}, () => {
  it("-o afile/out (a file in the path: ENOTDIR)", async () => {
    const result = await runMain(["build", "--root", "nb", "-o", "keep.txt/out"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^queuebook build: cannot write keep\.txt\/out: a part of the path is a file, not a folder \(ENOTDIR\)\n$/
    );
    expect(readFileSync(join(dir, "keep.txt"), "utf8")).toBe("mine");
  });
  it("-o /sys/x (not permitted)", async () => {
    const result = await runMain(["build", "--root", "nb", "-o", "/sys/queuebook-x"], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^queuebook build: cannot write \/sys\/queuebook-x: [^\n]+\n$/);
  });
});

describe("queuebook build -o LINK (issue 15): a link is followed, the folder it leads to is replaced, the link kept", {
  timeout: spawningTestTimeout
}, () => {
  it("a link to a site an earlier build wrote: that site is rebuilt, the link stays a link", async () => {
    expect((await runMain(["build", "--root", "nb", "-o", "site"], dir)).code).toBe(0);
    writeFileSync(join(dir, "site", "stale.html"), "old");
    symlinkSync("site", join(dir, "published"));
    const result = await runMain(["build", "--root", "nb", "-o", "published"], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^built 1 notebook into published \(→ site\)\/ in \d+ ms\n$/);
    expect(lstatSync(join(dir, "published")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, "published"))).toBe("site");
    expect(existsSync(join(dir, "site", "stale.html"))).toBe(false);
    expect(existsSync(join(dir, "site", "a.html"))).toBe(true);
  });
  it("a link to an empty folder: built there, the link kept", async () => {
    mkdirSync(join(dir, "empty"));
    symlinkSync(join(dir, "empty"), join(dir, "to-empty"));
    expect((await runMain(["build", "--root", "nb", "-o", "to-empty"], dir)).code).toBe(0);
    expect(lstatSync(join(dir, "to-empty")).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, "empty", ".queuebook-site"))).toBe(true);
  });
  it("a link to a foreign folder, to a file, or leading nowhere: refused, nothing changed (links included)", async () => {
    mkdirSync(join(dir, "photos"));
    writeFileSync(join(dir, "photos", "cat.jpg"), "meow");
    symlinkSync("photos", join(dir, "to-photos"));
    symlinkSync("keep.txt", join(dir, "to-file"));
    symlinkSync("nowhere", join(dir, "dangling"));
    const before = tree(dir);
    expect(await refused(["--root", "nb", "-o", "to-photos"])).toMatch(/output folder photos exists and was not written by queuebook/);
    expect(await refused(["--root", "nb", "-o", "to-file"])).toMatch(/output keep\.txt is a file, not a folder/);
    expect(await refused(["--root", "nb", "-o", "dangling"])).toBe(
      "queuebook build: output dangling is a symbolic link that leads nowhere: refusing to replace it; remove it or choose another folder"
    );
    expect(tree(dir)).toEqual(before);
  });
  it("checkOutput(out, …) itself refuses a link (the build API renames folders: it would replace the link)", async () => {
    mkdirSync(join(dir, "empty"));
    symlinkSync(join(dir, "empty"), join(dir, "to-empty"));
    await expect(checkOutput(join(dir, "to-empty"), join(dir, "nb"), dir)).rejects.toThrow(/is a symbolic link: refusing to replace it/);
    await expect(checkOutput(await followOutputLink(join(dir, "to-empty")), join(dir, "nb"), dir)).resolves.toBeUndefined();
  });
});
