// A real JupyterLab 4 for the tests: the frontend jupyter/lab/build.mjs assembles from npm (and
// caches), served by Debian's jupyterlab_server through jupyter/lab/serve.py on 127.0.0.1, with
// the prebuilt extensions a test names. The browser side is test/e2e/harness.ts's Chromium.
import {spawn, type ChildProcess} from "node:child_process";
import {existsSync} from "node:fs";
import {mkdtemp, rm, writeFile} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {fileURLToPath} from "node:url";

const repository = fileURLToPath(new URL("../../", import.meta.url));
const labDir = join(repository, "jupyter", "lab");
/** Debian's Python, the one with jupyterlab_server (a pyenv python3 may be first on the PATH). */
export const python = "/usr/bin/python3";

/** What startJupyterLab serves. */
export interface JupyterLabOptions {
  /** The folder the file browser shows (the server's root_dir). */
  root: string;
  /** Prebuilt extension folders (each with package.json holding jupyterlab._build), loaded as from $JUPYTER_PATH/labextensions. */
  labextensions?: string[];
  /** The settings overrides.json a hub admin would install, e.g. {"@jupyterlab/docmanager-extension:plugin": {defaultViewers: {markdown: "…"}}}. */
  overrides?: Record<string, unknown>;
  /** window.jupyterapp, the application, for a test to run commands on (default true). */
  exposeApp?: boolean;
  /** How long the server may take to answer, in ms (default 60 s). */
  readyTimeoutMs?: number;
}

/** A running JupyterLab. */
export interface JupyterLab {
  /** The lab's page with the token: http://127.0.0.1:<port>/lab?token=<token>. */
  url: string;
  /** http://127.0.0.1:<port>, for the REST API (send `Authorization: token <token>`). */
  origin: string;
  token: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its temporary files. */
  close(): Promise<void>;
}

/** Runs `command` and resolves with its stdout, or rejects with its stderr's tail. */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {cwd: repository, stdio: ["ignore", "pipe", "pipe"]});
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (out += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (err = (err + text).slice(-4000)));
    child.on("error", fail);
    child.on("exit", (code) => (code === 0 ? done(out) : fail(new Error(`${command} ${args.join(" ")} exited ${code}:\n${err}`))));
  });
}

let frontend: Promise<string> | undefined;

/** The assembled frontend's folder (jupyter/lab/build.mjs: built when its inputs changed, else reused), once a process. */
export function buildJupyterLab(): Promise<string> {
  frontend ??= run(process.execPath, [join(labDir, "build.mjs")]).then((out) => out.trim().split("\n").at(-1)!);
  return frontend;
}

/** The first line `child` prints on stdout, or a rejection with its stderr if it exits first. */
function firstLine(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((done, fail) => {
    let out = "";
    child.stdout!.setEncoding("utf8").on("data", (text: string) => {
      out += text;
      if (out.includes("\n")) done(out.slice(0, out.indexOf("\n")));
    });
    child.on("exit", (code, signal) => fail(new Error(`jupyter/lab/serve.py exited (${code ?? signal}) before serving:\n${stderr()}`)));
  });
}

/** Polls `url` until it answers 200, every 100 ms, for up to `timeoutMs`; rejects early when `exited` does. */
async function untilReady(url: string, token: string, timeoutMs: number, exited: Promise<never>): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = "no answer";
  while (performance.now() < deadline) {
    const answer = await Promise.race([
      fetch(url, {headers: {authorization: `token ${token}`}}).then(
        (response) => response.status,
        (error: Error) => error.message
      ),
      exited
    ]);
    if (answer === 200) return;
    last = String(answer);
    await Promise.race([new Promise((next) => setTimeout(next, 100)), exited]);
  }
  throw new Error(`JupyterLab at ${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

/**
 * Starts JupyterLab on a free 127.0.0.1 port: builds or reuses the frontend, links each of
 * `labextensions` into a temporary $JUPYTER_PATH/labextensions/<name> (serve.py), and resolves
 * once /lab answers 200. Nothing of the user's or the machine's Jupyter configuration applies.
 */
export async function startJupyterLab(options: JupyterLabOptions): Promise<JupyterLab> {
  if (!existsSync(python)) throw new Error(`${python} not found: apt-get install -y python3-jupyterlab-server (.ci/run does this)`);
  const frontendDir = await buildJupyterLab();
  const scratch = await mkdtemp(join(tmpdir(), "queuebook-jupyter-test-"));
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("hex");
  const args = [join(labDir, "serve.py"), "--frontend", frontendDir, "--root", resolve(options.root), "--token", token];
  for (const folder of options.labextensions ?? []) args.push("--labextension", resolve(folder));
  if (options.overrides) {
    const overrides = join(scratch, "overrides.json");
    await writeFile(overrides, JSON.stringify(options.overrides));
    args.push("--overrides", overrides);
  }
  if (options.exposeApp ?? true) args.push("--expose-app");

  const child = spawn(python, args, {stdio: ["ignore", "pipe", "pipe"], env: {...process.env, PYTHONDONTWRITEBYTECODE: "1"}});
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr = (stderr + text).slice(-8000)));
  // A worker that ends without close() takes its server with it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exitedPromise = new Promise<void>((done) => child.once("exit", () => done()));
  const close = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exitedPromise;
      clearTimeout(timer);
    }
    await rm(scratch, {recursive: true, force: true});
  };
  try {
    const url = await firstLine(child, () => stderr);
    const origin = new URL(url).origin;
    const exited = exitedPromise.then((): never => {
      throw new Error(`jupyter/lab/serve.py exited before answering:\n${stderr}`);
    });
    exited.catch(() => {});
    await untilReady(`${origin}/lab`, token, options.readyTimeoutMs ?? 60_000, exited);
    return {url, origin, token, close};
  } catch (error) {
    await close();
    throw error;
  }
}
