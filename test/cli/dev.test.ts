// `queuebook dev` as a user starts it: bad flags exit 2 with the usage, a missing folder or a
// port in use is one line and exit 1, and a good start serves the index on loopback.
import {spawn} from "node:child_process";
import {createServer} from "node:net";
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {packageRoot, runCli} from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-devcli-"));
mkdirSync(join(dir, "notebooks"));
writeFileSync(join(dir, "notebooks", "hello.md"), "---\ntitle: Hello there\n---\n\n${1 + 1}\n");
afterAll(() => rmSync(dir, {recursive: true, force: true}));

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
    const child = spawn(process.execPath, [packageRoot + "bin/queuebook.js", "dev", "--port", "0"], {cwd: dir, stdio: ["ignore", "pipe", "pipe"]});
    let stdout = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d) => {
        stdout += d;
        const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout);
        if (m) resolve(m[1]);
      });
      child.on("exit", (code) => reject(new Error(`dev exited early with ${code}`)));
    });
    const index = await (await fetch(url)).text();
    expect(index).toContain("Hello there");
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
