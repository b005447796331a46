// `queuebook build`: notebooks → static site. Broken cells still build (the error shows in the
// page) with a warning naming file, line and column; a missing folder, an unreadable file or a
// missing FileAttachment is a one-line error, exit 1, and nothing is written.
import {relative, resolve} from "node:path";
import {CommandError, UsageError, type Command} from "./command.js";
import {OutputError} from "../site/output.js";
import {parseFlags} from "./flags.js";
import {buildSite} from "../site/build.js";
import {BuildError} from "../notebook/data.js";

const usage = `usage: queuebook build [--root DIR] [-o OUT]

Builds every notebook (*.md) under DIR into a static site in OUT: one .html page and one
.js script per notebook, an index page, and the shared assets in OUT/_queuebook/. The pages
work from any static file server and when opened straight from disk (file://).

options:
  --root DIR     the notebooks folder (default: notebooks)
  -o, --out OUT  the output folder (default: dist); it must lie outside the notebook
                 folder and the current folder's parents, and, when it exists, be a
                 site an earlier build wrote (it holds .queuebook-site) or empty
  -h, --help     show this help`;

export const command: Command = {
  name: "build",
  summary: "build notebooks into a static site",
  usage,
  async run(args, context) {
    const {values} = parseFlags(args, {root: {type: "string"}, out: {type: "string", short: "o"}, help: {type: "boolean", short: "h"}});
    const root = resolve(context.cwd, values.root ?? "notebooks");
    const out = resolve(context.cwd, values.out ?? "dist");
    const started = performance.now();
    try {
      const result = await buildSite({
        root,
        out,
        packageRoot: context.packageRoot,
        cwd: context.cwd,
        effects: {
          warn: (w) => context.stderr(`warning: ${display(context.cwd, resolve(root, w.path))}${w.line ? `:${w.line}:${w.column}` : ""}: ${w.message}\n`)
        }
      });
      const ms = Math.round(performance.now() - started);
      context.stdout(`built ${result.pages.length} notebook${result.pages.length === 1 ? "" : "s"} into ${display(context.cwd, out)}/ in ${ms} ms${result.warnings.length ? ` (${result.warnings.length} warning${result.warnings.length === 1 ? "" : "s"})` : ""}\n`);
      return 0;
    } catch (error) {
      if (error instanceof OutputError) throw new UsageError(error.message);
      if (error instanceof BuildError) throw new CommandError(error.message);
      throw error;
    }
  }
};

/** A path as the user would like to read it: relative when under cwd, else absolute. */
function display(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}
