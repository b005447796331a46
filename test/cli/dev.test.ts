// `queuebook dev` as a user starts it: bad flags exit 2 with the usage, a missing folder or a
// port in use is one line and exit 1, and a good start serves the index on loopback and prints
// a sign-in link that works once; `--open` (npm start's) hands the browser opener a private file,
// never the link, and a machine without an opener only prints it.
import {execFileSync, spawn, spawnSync, type ChildProcess} from "node:child_process";
import {connect, createServer} from "node:net";
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {packageRoot, runCli} from "./run.js";
import {signInCookie} from "../support/devAccess.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-devcli-"));
mkdirSync(join(dir, "notebooks"));
writeFileSync(join(dir, "notebooks", "hello.md"), "---\ntitle: Hello there\n---\n\n${1 + 1}\n");
writeFileSync(join(dir, "notebooks", "big.txt"), "B".repeat(2000));
writeFileSync(join(dir, "secret.txt"), "SECRET-BESIDE");
symlinkSync(join(dir, "secret.txt"), join(dir, "notebooks", "leak.txt"));
spawnSync("mkfifo", [join(dir, "notebooks", "pipe.md")]);
writeFileSync(
  join(dir, "notebooks", "a#b.md"),
  '# Files\n\n```js\nFileAttachment("/etc/passwd").text()\n```\n\n```js\nFileAttachment("big.txt").text()\n```\n'
);
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** Starts `queuebook dev <args>` in `dir` as a user would (or `npm start -- <args>` in the package), and waits for the URL it prints. */
async function startDev(
  args: string[],
  options: {npm?: boolean; env?: NodeJS.ProcessEnv} = {}
): Promise<{child: ChildProcess; url: string; link: string; stdout(): string}> {
  // (npm start passes --open: no browser is opened by a test unless it says so)
  const env = options.env ?? {...process.env, BROWSER: "none"};
  const child = options.npm
    ? spawn("npm", ["start", "--", ...args], {cwd: packageRoot, stdio: ["ignore", "pipe", "pipe"], env})
    : spawn(process.execPath, [packageRoot + "bin/queuebook.js", "dev", ...args], {cwd: dir, stdio: ["ignore", "pipe", "pipe"], env});
  let stdout = "";
  const [url, link] = await new Promise<[string, string]>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      stdout += d;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)\n(?:.*\n)*?to edit and save, open (\S+) /.exec(stdout);
      if (m) resolve([m[1], m[2]]);
    });
    child.on("exit", (code) => reject(new Error(`dev exited early with ${code}`)));
  });
  return {child, url, link, stdout: () => stdout};
}

/** Stops a started dev with SIGTERM and waits for it to exit. */
async function stopDev(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGTERM");
  await exited;
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
      const servers = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(child.pid)], {encoding: "utf8"})
        .trim()
        .split("\n");
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
    expect(result.stderr.split("\n")[0]).toBe(
      'queuebook dev: --max-file-mb must be a number of megabytes above 0 and at most 1024, got "lots"'
    );
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
      // (the message as a JavaScript string: JSON's \" where the page is a plain script, esbuild's '…' where it is bundled)
      const script = (await (await fetch(url + "a%23b.js?v=1")).text()).replaceAll('\\"', '"');
      expect(script).toContain(
        'FileAttachment "/etc/passwd" not found in the notebook folder (etc/passwd); a leading "/" is the notebook folder'
      );
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

  it("prints a sign-in link that works once; a page read without it holds no secret and cannot save", async () => {
    const {child, url, link} = await startDev(["--port", "0"]);
    try {
      expect(link).toMatch(new RegExp(`^${url.replace(/\./g, "\\.")}\\?token=[A-Za-z0-9_-]{43}$`));
      const page = await (await fetch(url + "hello")).text();
      expect(page).not.toContain(new URL(link).searchParams.get("token"));
      const refused = await fetch(url + "_queuebook/save", {
        method: "POST",
        headers: {origin: url.slice(0, -1), "x-queuebook-write": "1", "content-type": "application/json"},
        body: JSON.stringify({path: "hello.md", expected: "x", text: "FORGED"})
      });
      expect(refused.status).toBe(403);
      expect(await signInCookie(link)).toMatch(/^queuebook-dev-\d+=/);
      await expect(signInCookie(link)).rejects.toThrow("sign-in refused: 403");
    } finally {
      await stopDev(child);
    }
  });

  it("--open gives the opener (BROWSER) a file only this user can read that moves on to the link, never the link itself", async () => {
    const bin = mkdtempSync(join(tmpdir(), "queuebook-opener-"));
    try {
      const record = join(bin, "args.json");
      const opener = join(bin, "fake-browser");
      writeFileSync(
        opener,
        `#!${process.execPath}\nrequire("node:fs").writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.argv.slice(2)));\n`
      );
      chmodSync(opener, 0o755);
      const {child, link} = await startDev(["--port", "0", "--open"], {env: {...process.env, BROWSER: opener}});
      try {
        await expect
          .poll(
            () => {
              try {
                return JSON.parse(readFileSync(record, "utf8"));
              } catch {
                return undefined;
              }
            },
            {timeout: 10_000}
          )
          .toHaveLength(1);
        const [file] = JSON.parse(readFileSync(record, "utf8")) as string[];
        expect(file).not.toContain("token");
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
        expect(readFileSync(file, "utf8")).toContain(`<meta http-equiv="refresh" content="0;url=${link}">`);
        await stopDev(child);
        expect(() => statSync(file)).toThrow(); // removed when the server stops
      } finally {
        child.kill("SIGKILL");
      }
    } finally {
      rmSync(bin, {recursive: true, force: true});
    }
  });

  it("--open without a browser opener (or with BROWSER=none) only prints the link, and serves on", async () => {
    const empty = join(dir, "no-opener"); // a PATH with no xdg-open (the server is started by its full path)
    mkdirSync(empty);
    for (const env of [
      {PATH: empty, HOME: process.env.HOME},
      {...process.env, BROWSER: "none"}
    ]) {
      const {child, url, stdout} = await startDev(["--port", "0", "--open"], {env});
      try {
        await expect.poll(stdout).toMatch(/\(not opened in a browser: (no browser opener found \(xdg-open\)|BROWSER=none)\)/);
        expect((await fetch(url)).status).toBe(200);
      } finally {
        await stopDev(child);
      }
    }
  });
});
