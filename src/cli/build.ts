// `queuebook build`: notebooks → static site. Broken cells still build (the error shows in the
// page) with a warning naming file, line and column, and so do cells attaching a file they may
// not have (missing, outside the notebook folder, not a regular file, too big); a missing
// notebook folder or an unreadable notebook is a one-line error, exit 1, and nothing is written.
import {resolve} from "node:path";
import {CommandError, UsageError, type Command} from "./command.js";
import {followOutputLink, fromCwd, OutputError} from "../site/output.js";
import {parseFlags} from "./flags.js";
import {buildSite} from "../site/build.js";
import {chromiumPath, renderTimeoutMs} from "../site/snapshot.js";
import {BuildError, oneLine} from "../notebook/messages.js";
import {warningLine} from "../notebook/compile.js";

const usage = `usage: queuebook build [--root DIR] [-o OUT] [--max-file-mb N] [--snapshot]

Builds every notebook (*.md) under DIR into a static site in OUT: one .html page and one
.js script per notebook, an index page, and the shared assets in OUT/_queuebook/. The pages
work from any static file server and when opened straight from disk (file://).

options:
  --root DIR        the notebooks folder (default: notebooks)
  -o, --out OUT     the output folder (default: dist); it must lie outside the notebook
                    folder and the current folder's parents, and, when it exists, be a
                    site an earlier build wrote (it holds .queuebook-site) or empty;
                    a symbolic link is followed (its folder is replaced, the link kept)
  --max-file-mb N   the largest file a notebook may attach, in MB (default: 50)
  --snapshot        render each page once in headless Chromium and write every cell's
                    output into it, so pages read without scripts (off by default;
                    skipped, with a note, where Chromium is missing: $QUEUEBOOK_CHROMIUM,
                    and for a page not rendered within $QUEUEBOOK_SNAPSHOT_TIMEOUT_S s, default 30)
  -h, --help        show this help`;

/** The --max-file-mb value in bytes (a positive number of MB, at most 1024), or a UsageError. */
export function maxFileBytes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mb = /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!(mb > 0 && mb <= 1024))
    throw new UsageError(`--max-file-mb must be a number of megabytes above 0 and at most 1024, got ${JSON.stringify(value.slice(0, 40))}`);
  return Math.floor(mb * 1024 * 1024);
}

export const command: Command = {
  name: "build",
  summary: "build notebooks into a static site",
  usage,
  async run(args, context) {
    const {values} = parseFlags(args, {
      root: {type: "string"},
      out: {type: "string", short: "o"},
      "max-file-mb": {type: "string"},
      snapshot: {type: "boolean"},
      help: {type: "boolean", short: "h"}
    });
    const root = resolve(context.cwd, values.root ?? "notebooks");
    const given = resolve(context.cwd, values.out ?? "dist");
    const maxBytes = maxFileBytes(values["max-file-mb"]);
    const started = performance.now();
    try {
      // -o through a symbolic link builds the folder it leads to; the link stays.
      const out = await followOutputLink(given, (path) => oneLine(fromCwd(context.cwd, path)));
      const result = await buildSite({
        root,
        out,
        packageRoot: context.packageRoot,
        cwd: context.cwd,
        maxFileBytes: maxBytes,
        snapshot: values.snapshot
          ? {
              chromium: chromiumPath(context.env),
              timeoutMs: renderTimeoutMs(context.env),
              skipped: (reason, page) =>
                context.stderr(oneLine(`queuebook build: no-script snapshot${page ? ` of ${page}` : ""} skipped: ${reason}`) + "\n")
            }
          : undefined,
        effects: {
          warn: (w) => context.stderr(warningLine(w, fromCwd(context.cwd, resolve(root, w.path))) + "\n")
        }
      });
      const ms = Math.round(performance.now() - started);
      const into = oneLine(fromCwd(context.cwd, given)) + (out === given ? "" : ` (→ ${oneLine(fromCwd(context.cwd, out))})`);
      context.stdout(
        `built ${result.pages.length} notebook${result.pages.length === 1 ? "" : "s"} into ${into}/ in ${ms} ms${result.warnings.length ? ` (${result.warnings.length} warning${result.warnings.length === 1 ? "" : "s"})` : ""}\n`
      );
      return 0;
    } catch (error) {
      if (error instanceof OutputError) throw new UsageError(oneLine(error.message));
      if (error instanceof BuildError) throw new CommandError(oneLine(error.message));
      throw error;
    }
  }
};
