// `queuebook dev`: the preview server with live updates.
import {resolve} from "node:path";
import {CommandError, type Command} from "./command.js";
import {integerFlag, parseFlags} from "./flags.js";
import {startPreview} from "../site/preview.js";

const usage = `usage: queuebook dev [--root DIR] [--port N] [--max-file-mb N]

Serves every notebook under DIR at http://127.0.0.1:N/ with an index page. When a notebook,
a file it attaches or a src/ module it imports changes, open pages update in place.

options:
  --root DIR   the notebooks folder (default: notebooks)
  --port N     the port on 127.0.0.1 (default: 3000; 0 picks a free one)
  --max-file-mb N
               the largest file a notebook may attach, in MB (default: 50)
  -h, --help   show this help`;

export const command: Command = {
  name: "dev",
  summary: "preview server with live updates",
  usage,
  async run(args, context) {
    const {values} = parseFlags(args, {root: {type: "string"}, port: {type: "string"}, "max-file-mb": {type: "string"}, help: {type: "boolean", short: "h"}});
    const port = integerFlag("--port", values.port, 3000, 0, 65535);
    const root = resolve(context.cwd, values.root ?? "notebooks");
    const {maxFileBytes} = await import("./build.js");
    const maxBytes = maxFileBytes(values["max-file-mb"]);
    const {findNotebooks} = await import("../site/build.js");
    const {BuildError, oneLine} = await import("../notebook/data.js");
    try {
      await findNotebooks(root);
    } catch (error) {
      if (error instanceof BuildError) throw new CommandError(oneLine(error.message));
      throw error;
    }
    let preview;
    try {
      preview = await startPreview({root, port, packageRoot: context.packageRoot, maxFileBytes: maxBytes, log: (line) => context.stderr(line + "\n")});
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      if (e.code === "EADDRINUSE") throw new CommandError(`port ${port} is in use (try --port ${port + 1}, or --port 0 for a free one)`);
      throw error;
    }
    context.stdout(`queuebook dev: serving ${root} at ${preview.url}\n`);
    await new Promise<void>((done) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        void preview.close().then(done);
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    return 0;
  }
};
