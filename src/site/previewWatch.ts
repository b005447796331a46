// The preview server's file watcher. Node's recursive fs.watch follows symbolic links on
// Linux, so a link in the notebook folder to a busy system folder flooded the server with
// changes; this one watches each real folder of the tree itself (one non-recursive watch per
// folder, found through entries that are folders themselves, never through a link), so every
// event it sees is about an entry of a real folder inside the tree and nothing behind a link
// is watched. It watches folders, not files, so a file deleted and created again keeps being
// seen; folders created later are watched as they appear. No callback can throw or reject.
import {watch, type FSWatcher} from "node:fs";
import {lstat, readdir} from "node:fs/promises";
import {join, sep} from "node:path";

/** A running watcher. */
export interface TreeWatcher {
  /** Settles once the folders that exist at the start are watched. */
  ready: Promise<void>;
  /** Settles once every event received so far is handled (for tests: events arrive in order, their handling is async). */
  settled(): Promise<void>;
  /** The folders watched now (for tests and the log). */
  folders(): string[];
  close(): void;
}

/** What a watcher reports to. */
export interface WatchOptions {
  /** A path inside the tree changed, appeared or went away. */
  onChange(path: string): void;
  log?(line: string): void;
  /** Also watch sub-folders (default true); false watches `dir` alone (a module's folder). */
  recursive?: boolean;
}

/** Watches `dir` (a real path) and, recursively, its real sub-folders but dot-folders and node_modules. */
export function watchTree(dir: string, options: WatchOptions): TreeWatcher {
  const watchers = new Map<string, FSWatcher>();
  const recursive = options.recursive ?? true;
  let closed = false;
  let pending = 0;
  const idle: (() => void)[] = [];

  const unwatch = (folder: string) => {
    for (const [path, watcher] of watchers) {
      if (path === folder || path.startsWith(folder + sep)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  };

  const add = async (folder: string) => {
    if (closed || watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => {
        pending++;
        void changed(folder, name?.toString()).finally(() => {
          if (--pending === 0) for (const done of idle.splice(0)) done();
        });
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // gone already is normal (a folder created and removed at once); anything else is worth a line
      if (code !== "ENOENT" && code !== "ENOTDIR")
        options.log?.(`warning: cannot watch a folder (${code ?? "error"}); changes in it are not seen`);
      return;
    }
    // a watched folder that is removed may end its watch with an error event: an unhandled one would end the process
    watcher.on("error", () => unwatch(folder));
    watchers.set(folder, watcher);
    if (!recursive) return;
    const entries = await readdir(folder, {withFileTypes: true}).catch(() => []);
    // a Dirent describes the entry itself: a link to a folder is not isDirectory(), so it is never entered
    for (const entry of entries) if (entry.isDirectory() && watched(entry.name)) await add(join(folder, entry.name));
  };

  const changed = async (folder: string, name: string | undefined) => {
    try {
      if (closed) return;
      const path = name ? join(folder, name) : folder;
      const info = await lstat(path).catch(() => undefined);
      if (!info) {
        unwatch(path); // a folder (or file) went away: its own watch ends with it
        options.onChange(path);
        return;
      }
      // A link is reported as the entry it is (made, removed, replaced: a notebook that became a
      // link out of the folder must say so in its page) but never entered nor resolved, so
      // nothing behind it, inside the tree or out, is ever watched through it.
      if (!info.isSymbolicLink() && info.isDirectory() && recursive && name && !name.split(sep).some((part) => !watched(part))) {
        await add(path); // a new folder: files written into it before its watch started are caught by the rebuild this event causes
      }
      options.onChange(path);
    } catch (error) {
      options.log?.(`warning: a file change was not handled (${(error as Error).message})`);
    }
  };

  const ready = add(dir).catch(() => {});
  return {
    ready,
    settled: () => (pending === 0 ? Promise.resolve() : new Promise<void>((done) => idle.push(done))),
    folders: () => [...watchers.keys()].sort(),
    close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    }
  };
}

/** Names the watcher enters: never a dot-folder (.git) nor node_modules, which the server never serves and which are busy. */
function watched(name: string): boolean {
  return !name.startsWith(".") && name !== "node_modules";
}
