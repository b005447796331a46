// `queuebook dev` as a user starts it: bad flags exit 2 with the usage, a missing folder or a
// port in use is one line and exit 1, and a good start serves the index on loopback.
import {execFileSync, spawn, spawnSync, type ChildProcess} from "node:child_process";
import {connect, createServer} from "node:net";
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {packageRoot, runCli} from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-devcli-"));
mkdirSync(join(dir, "notebooks"));
writeFileSync(join(dir, "notebooks", "hello.md"), "---\ntitle: Hello there\n---\n\n${1 + 1}\n");
writeFileSync(join(dir, "notebooks", "big.txt"), "B".repeat(2000));
writeFileSync(join(dir, "secret.txt"), "SECRET-BESIDE");
symlinkSync(join(dir, "secret.txt"), join(dir, "notebooks", "leak.txt"));
spawnSync("mkfifo", [join(dir, "notebooks", "pipe.md")]);
writeFileSync(join(dir, "notebooks", "a#b.md"), "# Files\n\n```js\nFileAttachment(\"/etc/passwd\").text()\n```\n\n```js\nFileAttachment(\"big.txt\").text()\n```\n");
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** Starts `queuebook dev <args>` in `dir` as a user would (or `npm start -- <args>` in the package), and waits for the URL it prints. */
async function startDev(args: string[], options: {npm?: boolean} = {}): Promise<{child: ChildProcess; url: string}> {
  const child = options.npm
    ? spawn("npm", ["start", "--", ...args], {cwd: packageRoot, stdio: ["ignore", "pipe", "pipe"]})
    : spawn(process.execPath, [packageRoot + "bin/queuebook.js", "dev", ...args], {cwd: dir, stdio: ["ignore", "pipe", "pipe"]});
  let stdout = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      stdout += d;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`dev exited early with ${code}`)));
  });
  return {child, url};
}

/** True while something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

describe("queuebook dev [--root DIR] [--port N]", () => {
  it("rejects a port that is not a number, exit 2 with the usage", async () => {
    const result = await runCli(["dev", "--port", "abc"], {cwd: dir});
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe('queuebook dev: --port must be an integer, got "abc"');
    expect(result.stderr).toContain("usage: queuebook dev");
  });

  it("fails in one line, exit 1, when the notebook folder is missing", async () => {
    const result = await runCli(["dev", "--root", "missing"], {cwd: dir});
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("queuebook dev: notebook folder not found: missing\n");
  });

  it("fails in one line, exit 1, when the port is in use", async () => {
    const blocker = createServer();
    await new Promise<void>((ok) => blocker.listen(0, "127.0.0.1", ok));
    const port = (blocker.address() as {port: number}).port;
    try {
      const result = await runCli(["dev", "--port", String(port)], {cwd: dir});
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`queuebook dev: port ${port} is in use (try --port ${port + 1}, or --port 0 for a free one)\n`);
    } finally {
      blocker.close();
    }
  });

  it("serves the index on 127.0.0.1 and stops cleanly on SIGTERM", async () => {
    const {child, url} = await startDev(["--port", "0"]);
    const index = await (await fetch(url)).text();
    expect(index).toContain("Hello there");
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  // npm runs the start script through sh; the script execs node, so npm's child is the server:
  // npm forwards SIGINT and SIGTERM to it, and when npm dies otherwise (SIGHUP, SIGKILL) the
  // server sees its parent change and stops. Either way the port must close.
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP", "SIGKILL"] as const) {
    it(`ends with npm start when npm gets ${signal}: the port closes`, async () => {
      const {child, url} = await startDev(["--port", "0", "--root", join(dir, "notebooks")], {npm: true});
      const port = Number(new URL(url).port);
      // the server is npm's own child (no shell between them), so npm's signals reach it
      const servers = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(child.pid)], {encoding: "utf8"}).trim().split("\n");
      expect(servers).toEqual([expect.stringMatching(/^\s*\d+ node bin\/queuebook\.js dev /)]);
      const server = Number(servers[0].trim().split(" ")[0]);
      try {
        expect(await (await fetch(url)).text()).toContain("Hello there");
        const exited = new Promise((resolve) => child.on("exit", resolve));
        child.kill(signal);
        await exited;
        await expect.poll(() => listening(port), {timeout: 10_000}).toBe(false);
      } finally {
        child.kill("SIGKILL");
        try {
          process.kill(server, "SIGKILL"); // only if this test failed: no server outlives it
        } catch {
          // gone, as it should be
        }
      }
    }, 60_000);
  }

  it("rejects a bad --max-file-mb, exit 2 with the usage", async () => {
    const result = await runCli(["dev", "--max-file-mb", "lots"], {cwd: dir});
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe('queuebook dev: --max-file-mb must be a number of megabytes above 0 and at most 1024, got "lots"');
    expect(result.stderr).toContain("usage: queuebook dev");
  });

  it("serves a page whose refused files are errors at their cells (--max-file-mb, outside the root), linked URL-encoded", async () => {
    const {child, url} = await startDev(["--port", "0", "--max-file-mb", "0.001"]);
    try {
      expect(await (await fetch(url)).text()).toContain('href="/a%23b"');
      const page = await fetch(url + "a%23b");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<script src="a%23b.js?v=1"></script>'); // the page's first build
      expect(html).toContain('<meta name="queuebook-dev" content="/_queuebook/events?page=a%23b&#38;v=1">');
      const script = await (await fetch(url + "a%23b.js?v=1")).text();
      expect(script).toContain('FileAttachment "/etc/passwd" not found in the notebook folder (etc/passwd); a leading "/" is the notebook folder');
      expect(script).toContain("more than the limit of 1,048 bytes");
      expect(script).not.toContain("root:x:0:0");
      expect(script).not.toContain("BBBB");
      const leak = await fetch(url + "leak.txt");
      expect(leak.status).toBe(404); // a link out of the folder is not served
      expect(await leak.text()).not.toContain("SECRET");
      expect((await fetch(url + "big.txt")).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });
});
