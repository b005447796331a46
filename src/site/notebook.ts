// One notebook, start to finish: read → compile → embed files → bundle → page. Shared by the
// static build and the dev server, so both produce the same page.
import {readFile} from "node:fs/promises";
import {dirname, relative, resolve} from "node:path";
import {compileNotebook, type CompiledNotebook, type Warning} from "../notebook/compile.js";
import {loadFiles, BuildError} from "../notebook/data.js";
import {bundleNotebook} from "../notebook/bundle.js";
import {renderPage} from "./page.js";

/** A notebook made into a page and its script. */
export interface BuiltNotebook {
  compiled: CompiledNotebook;
  html: string;
  script: string;
  /** Every file the page was made from (notebook, attached files, imported modules). */
  inputs: string[];
  warnings: Warning[];
}

/** Page links for a notebook at `name` (relative path without .md) in the site. */
export function pageLinks(name: string, options: {events?: string} = {}) {
  const up = "../".repeat(name.split("/").length - 1);
  return {assets: `${up}_queuebook/`, script: `${name.replace(/^.*\//, "")}.js`, home: `${up}index.html`, ...options};
}

/** Builds the notebook at `file` (absolute); `root` is the notebooks folder. */
export async function buildNotebook(file: string, root: string, options: {events?: string; scriptQuery?: string} = {}): Promise<BuiltNotebook> {
  const path = relative(root, file);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file or directory" : code === "EACCES" ? "permission denied" : code === "EISDIR" ? "is a folder" : (error as Error).message;
    throw new BuildError(`cannot read ${relative(process.cwd(), file) || file}: ${reason}`);
  }
  const compiled = compileNotebook(text, path);
  const files = await loadFiles(compiled, file);
  const bundle = await bundleNotebook(compiled, file, files);
  const name = path.replace(/\.md$/, "");
  const links = pageLinks(name, {events: options.events});
  if (options.scriptQuery) links.script += options.scriptQuery;
  const html = renderPage(compiled, links);
  const warnings = [...compiled.warnings];
  for (const message of bundle.warnings) warnings.push({path, line: 0, column: 0, message});
  const inputs = [file, ...Object.keys(files).map((f) => resolve(dirname(file), f)), ...bundle.inputs];
  return {compiled, html, script: bundle.code, inputs, warnings};
}
