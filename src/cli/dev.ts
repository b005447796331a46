// `queuebook dev`: the preview server with live updates.
import {resolve} from "node:path";
import {CommandError, type Command} from "./command.js";
import {integerFlag, parseFlags} from "./flags.js";
import {startPreview} from "../site/preview.js";

const usage = `usage: queuebook dev [--root DIR] [--port N] [--max-file-mb N] [--open]

Serves every notebook under DIR at http://127.0.0.1:N/ with an index page. When a notebook,
a file it attaches or a src/ module it imports changes, open pages update in place. Only this
machine's browser is answered: the Host must be 127.0.0.1, localhost or [::1] with the port.
Any page may be read; saving an edit needs the browser signed in with the link printed at the
start (it works once; a refused save prints a new one).

options:
  --root DIR   the notebooks folder (default: notebooks)
  --port N     the port on 127.0.0.1 (default: 3000; 0 picks a free one)
  --max-file-mb N
               the largest file a notebook may attach, in MB (default: 50)
  --open       open the sign-in link in the browser (BROWSER=none: don't; npm start passes it)
  -h, --help   show this help`;

export const command: Command = {
  name: "dev",
  summary: "preview server with live updates",
  usage,
  async run(args, context) {
    const {values} = parseFlags(args, {
      root: {type: "string"},
      port: {type: "string"},
      "max-file-mb": {type: "string"},
      open: {type: "boolean"},
      help: {type: "boolean", short: "h"}
    });
    const port = integerFlag("--port", values.port, 3000, 0, 65535);
    const root = resolve(context.cwd, values.root ?? "notebooks");
    const {maxFileBytes} = await import("./build.js");
    const maxBytes = maxFileBytes(values["max-file-mb"]);
    const {findNotebooks} = await import("../site/build.js");
    const {BuildError, oneLine} = await import("../notebook/messages.js");
    try {
      await findNotebooks(root);
    } catch (error) {
      if (error instanceof BuildError) throw new CommandError(oneLine(error.message));
      throw error;
    }
    let preview;
    try {
      preview = await startPreview({
        root,
        port,
        packageRoot: context.packageRoot,
        maxFileBytes: maxBytes,
        log: (line) => context.stderr(line + "\n")
      });
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      if (e.code === "EADDRINUSE") throw new CommandError(`port ${port} is in use (try --port ${port + 1}, or --port 0 for a free one)`);
      throw error;
    }
    context.stdout(`queuebook dev: serving ${root} at ${preview.url}\n`);
    const link = preview.signInLink();
    context.stdout(`to edit and save, open ${link} (the link works once: it lets that browser save)\n`);
    const opened = values.open ? (await import("../site/previewOpen.js")).openInBrowser(link, {env: context.env}) : undefined;
    if (opened?.skipped) context.stdout(`(not opened in a browser: ${opened.skipped})\n`);
    // A failure nobody foresaw in a callback must not end a server someone is reading from.
    const kept = (error: unknown) =>
      context.stderr(oneLine(`queuebook dev: internal error (still serving): ${(error as Error)?.message ?? error}`) + "\n");
    process.on("unhandledRejection", kept);
    await new Promise<void>((done) => {
      // Run by npm (`npm start`), the server must end with npm. npm forwards SIGINT and
      // SIGTERM to its child (the start script execs node, so that is this process) but
      // not SIGHUP, and nothing survives SIGKILL: then this process is handed to another
      // parent, which a cheap poll of the parent's pid notices.
      const parent = process.ppid;
      const orphaned = context.env.npm_lifecycle_event ? setInterval(() => process.ppid !== parent && stop(), 500) : undefined;
      orphaned?.unref();
      const stop = () => {
        clearInterval(orphaned);
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        opened?.remove();
        void preview.close().then(done, done);
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    process.off("unhandledRejection", kept);
    return 0;
  }
};
