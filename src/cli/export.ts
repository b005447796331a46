// `queuebook export`: one notebook → one self-contained HTML file (and optionally a PDF).
import {open, rm, stat} from "node:fs/promises";
import {basename, dirname, join, resolve} from "node:path";
import {CommandError, UsageError, type Command} from "./command.js";
import {parseFlags} from "./flags.js";
import {BuildError, oneLine} from "../notebook/messages.js";
import {warningLine} from "../notebook/compile.js";
import {chromiumPath, renderTimeoutMs} from "../site/snapshot.js";
import {unwritableReason, writeAtomic, writeFailure} from "../io/write.js";
import {maxFileBytes} from "./build.js";
import {exportNotebook, ExportOptionError} from "../site/export.js";
import {fromCwd} from "../site/output.js";
import {exportRoot} from "./exportRoot.js";
import {stateParts} from "./stateParts.js";
import {writeFile} from "node:fs/promises";

const usage = `usage: queuebook export <notebook.md> [--root DIR] [-o FILE.html] [--state HASH] [--lang L] [--no-code] [--pdf FILE.pdf [--slides]] [--max-file-mb N]

Writes the notebook as one self-contained HTML file: scripts, styles, fonts, data and images
inline. It opens straight from disk with no network and stays fully interactive, and it
carries a no-script snapshot of every cell's output (rendered once in headless Chromium;
skipped, with a note, where Chromium is missing or the page does not settle in time).
Imports, attached files and images are read from inside the root only; a leading / names it.

options:
  -o, --out FILE   the HTML file to write (default: the notebook's name .html, here)
  --state HASH     open at this URL hash, e.g. 'run=v1_…' (parts the link already has win)
  --lang L         open in language L (one the notebook declares); it wins over the
                   language a --state run link names (the link's part is rewritten to L)
  --no-code        hide all code, even where a fence says echo
  --pdf FILE       also print the rendered page to FILE (A4, page numbers; needs Chromium);
                   with --pdf and no -o, only the PDF is written
  --slides         with --pdf: print the slides, one 16:9 page each (as ?present&print)
  --no-snapshot    leave out the no-script snapshot (no Chromium run)
  --max-file-mb N  the largest file or image the export embeds, in MB (default: 50)
  --root DIR       the source root, a folder at or above the notebook, as build's --root
                   (default: notebooks, when the notebook is inside it; else its folder)
  -h, --help       show this help

Chromium: $QUEUEBOOK_CHROMIUM, else /usr/bin/chromium-headless-shell, else /usr/bin/chromium.
A page that has not rendered within
$QUEUEBOOK_SNAPSHOT_TIMEOUT_S seconds (default 30) is exported without its snapshot.`;

export const command: Command = {
  name: "export",
  summary: "export one notebook as a single self-contained HTML file",
  usage,
  async run(args, context) {
    const {values, positionals} = parseFlags(
      args,
      {
        out: {type: "string", short: "o"},
        state: {type: "string"},
        lang: {type: "string"},
        "no-code": {type: "boolean"},
        "no-snapshot": {type: "boolean"},
        pdf: {type: "string"},
        slides: {type: "boolean"},
        root: {type: "string"},
        "max-file-mb": {type: "string"},
        help: {type: "boolean", short: "h"}
      },
      true
    );
    if (positionals.length !== 1)
      throw new UsageError(positionals.length ? `expected one notebook, got ${positionals.length}` : "missing the notebook to export");
    const file = resolve(context.cwd, positionals[0]);
    if (!file.endsWith(".md")) throw new UsageError(`${positionals[0]} is not a notebook (*.md)`);
    const {root, file: notebook} = await exportRoot(file, values.root, context.cwd);
    const pdf = values.pdf === undefined ? undefined : resolve(context.cwd, values.pdf);
    if (values.slides && pdf === undefined) throw new UsageError("--slides needs --pdf FILE.pdf: it prints the slides, one per page");
    const out =
      values.out !== undefined
        ? resolve(context.cwd, values.out)
        : pdf
          ? undefined
          : resolve(context.cwd, basename(file).replace(/\.md$/, ".html"));
    for (const target of [out, pdf]) {
      if (target === undefined) continue;
      if (target === file) throw new UsageError(`refusing to write over the notebook ${positionals[0]}`);
      if (
        await stat(target).then(
          (s) => s.isDirectory(),
          () => false
        )
      )
        throw new UsageError(`${fromCwd(context.cwd, target)} is a folder: give a file name`);
      // Before any rendering: a PDF that cannot be written should not cost a minute of Chromium.
      const reason =
        unwritableReason(target, fromCwd(context.cwd, target), {inputs: [file]}) ??
        (await uncreatable(target, fromCwd(context.cwd, target)));
      if (reason) throw new UsageError(oneLine(reason));
    }
    if (out !== undefined && out === pdf) throw new UsageError("-o and --pdf name the same file");
    const maxBytes = maxFileBytes(values["max-file-mb"]);
    const started = performance.now();
    try {
      const result = await exportNotebook({
        file: notebook,
        root,
        packageRoot: context.packageRoot,
        state: values.state,
        lang: values.lang,
        stateParts,
        pageName: out === undefined ? undefined : basename(out),
        noCode: values["no-code"],
        chromium: chromiumPath(context.env),
        snapshot: !values["no-snapshot"],
        pdf,
        slides: values.slides,
        maxFileBytes: maxBytes,
        snapshotTimeoutMs: renderTimeoutMs(context.env)
      });
      // As build names them: from here, so file:line:col opens from the folder the command ran in.
      for (const w of result.warnings) context.stderr(warningLine(w, fromCwd(context.cwd, resolve(root, w.path))) + "\n");
      if (result.snapshotSkipped && !values["no-snapshot"])
        context.stderr(`queuebook export: no-script snapshot skipped: ${result.snapshotSkipped}\n`);
      if (out !== undefined) {
        try {
          await writeAtomic(out, (tmp) => writeFile(tmp, result.html));
        } catch (error) {
          throw new CommandError(writeFailure(error, fromCwd(context.cwd, out)));
        }
      }
      const ms = Math.round(performance.now() - started);
      const wrote = [out && `${fromCwd(context.cwd, out)} (${kb(Buffer.byteLength(result.html))})`, pdf && fromCwd(context.cwd, pdf)]
        .filter(Boolean)
        .join(" and ");
      context.stdout(`exported ${fromCwd(context.cwd, file)} to ${wrote} in ${ms} ms\n`);
      return 0;
    } catch (error) {
      if (error instanceof ExportOptionError) throw new UsageError(error.message);
      if (error instanceof BuildError) throw new CommandError(error.message);
      if (error instanceof CommandError || error instanceof UsageError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code) throw new CommandError(writeFailure(error, pdf ? fromCwd(context.cwd, pdf) : "the export"));
      throw new CommandError(`export failed: ${String((error as Error).message ?? error).split("\n")[0]}`);
    }
  }
};

/**
 * Why no file can be created beside `target`, found by creating (and removing) an empty one: as
 * root, access() allows /proc and /sys, where creating a file fails (ENOENT, EACCES).
 */
async function uncreatable(target: string, shown: string): Promise<string | undefined> {
  const probe = join(dirname(target), `.${basename(target)}.probe-${process.pid}`);
  try {
    await (await open(probe, "wx")).close();
    await rm(probe, {force: true});
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "EEXIST" ? undefined : `cannot write ${shown}: no file can be created in ${dirname(shown)}${code ? ` (${code})` : ""}`;
  }
}

function kb(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${Math.round(bytes / 1e3)} KB`;
}
