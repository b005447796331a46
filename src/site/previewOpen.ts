// Opening the dev server's sign-in link in the user's browser (`queuebook dev --open`, which
// `npm start` passes). The link carries a one-time token, and a program's arguments are
// readable by every user of the machine (ps, /proc) for as long as it runs — a browser started
// by the opener may run for hours. So, as Jupyter does, the opener is given a file only this
// user can read (mode 600 in a new folder of mode 700) whose page moves on to the link.
// `BROWSER=none` opens nothing; `BROWSER=<program>` opens with that program. A missing opener,
// or one that fails, is a line in the terminal, never the end of the server.
import {spawn} from "node:child_process";
import {accessSync, constants, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {delimiter, join} from "node:path";
import {escapeHtml} from "../notebook/parse.js";

/** What opening did: whether an opener was started (and with what), and how to remove the file it was given. */
export interface Opened {
  /** Why nothing was opened, when nothing was. */
  skipped?: string;
  /** The file the opener was given (removed by `remove`). */
  file?: string;
  remove(): void;
}

/** Where the opener looks: the environment and platform (the process's by default, a test's own). */
export interface OpenOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

/** Opens `url` in the browser through a private file; never throws. */
export function openInBrowser(url: string, options: OpenOptions = {}): Opened {
  const env = options.env ?? process.env;
  const opener = openerOf(env, options.platform ?? process.platform);
  if ("skipped" in opener) return {skipped: opener.skipped, remove() {}};
  let folder: string | undefined;
  try {
    folder = mkdtempSync(join(tmpdir(), "queuebook-open-")); // mode 700
    const file = join(folder, "open.html");
    const to = escapeHtml(url);
    const page = `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${to}">`;
    writeFileSync(file, `${page}<title>queuebook dev</title><a href="${to}">queuebook dev</a>\n`, {mode: 0o600});
    const child = spawn(opener.command, [...opener.args, file], {detached: true, stdio: "ignore", env});
    child.on("error", () => {}); // (found on PATH but not runnable: the link is printed anyway)
    child.unref();
    const made = folder;
    return {file, remove: () => rmSync(made, {recursive: true, force: true})};
  } catch (error) {
    if (folder) rmSync(folder, {recursive: true, force: true});
    return {skipped: `the browser could not be opened (${(error as NodeJS.ErrnoException).code ?? "error"})`, remove() {}};
  }
}

/** The program that opens a file in the browser here, or why there is none. */
function openerOf(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): {command: string; args: string[]} | {skipped: string} {
  const chosen = env.BROWSER?.trim();
  if (chosen === "none") return {skipped: "BROWSER=none"};
  // (on Linux /usr/bin/open is openvt, not an opener: each platform's own is asked for by name)
  const [command, args] = chosen
    ? [chosen, []]
    : platform === "darwin"
      ? ["open", []]
      : platform === "win32"
        ? ["cmd", ["/c", "start", '""']]
        : ["xdg-open", []];
  if (!onPath(command, env)) return {skipped: `no browser opener found (${command})`};
  return {command, args};
}

/** True when `command` (a path, or a name looked up on PATH) is an executable file. */
function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  const executable = (path: string) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes("/") || command.includes("\\")) return executable(command);
  const extensions = process.platform === "win32" ? ["", ".exe", ".cmd", ".bat"] : [""];
  return (env.PATH ?? "").split(delimiter).some((dir) => dir !== "" && extensions.some((ext) => executable(join(dir, command + ext))));
}
