// Bundle pass: the transpiled definitions plus every module the cells import, as one classic
// script (IIFE) per notebook. One broken cell never fails the page: an import that cannot be
// resolved, or may not be (outside the project), becomes a module that throws, and whatever
// else esbuild refuses (an assignment to a constant, a data file imported as code, a module
// that does not compile) is traced back to its cell, which then shows the error instead.
import {parse, parseExpressionAt} from "acorn";
import {sharedPackages} from "./contract.js";
import {simple} from "acorn-walk";
import type {BuildFailure, Message} from "esbuild";
import {esbuild} from "./esbuild.js";
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";
import {basename, dirname, relative, resolve, sep} from "node:path";
import {toNotebook, type CellError} from "./cell.js";
import {sortWarnings, type CompiledNotebook, type Warning} from "./compile.js";
import type {EmbeddedFile} from "./contract.js";
import {BuildError, oneLine, quote, shown} from "./messages.js";
import {projectRoot} from "./npmFile.js";
import {Embeds, jsonExpression} from "./embed.js";
import type {BuildCache} from "./buildCache.js";
import {imports} from "./resolve.js";
import {plainScript} from "./plainScript.js";
import {hashbang} from "./refusals.js";
import {defineNotebook, type DefinedCell} from "./transpile.js";

export {projectRoot};

/** The notebook's script and the files that went into it (for watching). */
export interface Bundle {
  code: string;
  inputs: string[];
  /** Imports that fail their cell, and cells esbuild refused, with their positions. */
  warnings: Warning[];
  /** Errors this pass attached to cells, by id. */
  cellErrors: Map<string, CellError>;
  /** Shared libraries the bundle reads from the page (`queuebook.library`), from cells or modules. */
  libraries: string[];
}

/** Options of bundleNotebook. */
export interface BundleOptions {
  minify?: boolean;
  /** The notebook root; imports may reach the project holding it (default: the notebook's folder). */
  root?: string;
  /** Largest file a project module may attach, in bytes (default 50 MB, as for cells). */
  maxFileBytes?: number;
  /** Errors found before bundling (e.g. a refused FileAttachment), by cell id. */
  cellErrors?: ReadonlyMap<string, CellError>;
  /** What the pages of one build read alike (what project modules attach, their stamps): read once, not once per page. */
  cache?: BuildCache;
}

/** Bundles a compiled notebook whose Markdown is at `notebookFile`. */
export async function bundleNotebook(
  compiled: CompiledNotebook,
  notebookFile: string,
  files: ReadonlyMap<string, EmbeddedFile> | Record<string, EmbeddedFile>,
  options: BundleOptions = {}
): Promise<Bundle> {
  const entry = resolve(notebookFile);
  const root = resolve(options.root ?? dirname(entry));
  const project = projectRoot(root);
  const errors = new Map([...compiled.cellErrors, ...(options.cellErrors ?? [])]);
  const added = new Map<string, CellError>();
  // What is refused before bundling: a computed import() (below) and a hashbang line (refusals.ts).
  for (const cell of compiled.analysed) {
    const error = !errors.has(cell.id) && !cell.error ? (patternImport(cell) ?? hashbang(cell)) : undefined;
    if (error) {
      errors.set(cell.id, error);
      added.set(cell.id, error);
    }
  }
  const warnings: Warning[] = [];
  const attached: string[] = []; // files project modules attach (watched like the modules)
  const fileMap = files instanceof Map ? files : new Map(Object.entries(files));
  // A null-prototype object from JSON.parse: "__proto__" is an own key like any other. esbuild
  // sees a placeholder for the files, linked in after it (embed.ts).
  const embeds = new Embeds();
  const filesExpression = jsonExpression(Object.fromEntries(fileMap));
  const filesSource = (files: string) => `const __files = Object.assign(Object.create(null), ${files});\n`;
  const cells = new Map(compiled.analysed.map((c) => [c.id, c]));
  // A project module with top-level await cannot be an IIFE: such a page is bundled as ESM (no
  // import or export is left: everything is bundled) and wrapped in an async function, so the
  // page's script stays a classic one that opens from file://.
  let esm = false;
  const run = (definitions: string, quiet = false) =>
    esbuild().build({
      stdin: {
        contents: filesSource(embeds.placeholder(filesExpression)) + definitions,
        resolveDir: dirname(entry),
        sourcefile: basename(entry),
        loader: "js"
      },
      absWorkingDir: process.cwd(),
      bundle: true,
      format: esm ? "esm" : "iife",
      ...(esm ? {banner: {js: "(async () => {"}, footer: {js: "})();"}} : {}),
      platform: "browser",
      target: "es2022",
      minify: options.minify ?? true,
      // Non-ASCII text as UTF-8, not \u escapes: a page and its script are UTF-8 (meta charset,
      // served with charset=utf-8), and a translated lesson's strings are a third of the size.
      charset: "utf8",
      write: false,
      metafile: true,
      logLevel: "silent",
      define: {"process.env.NODE_ENV": '"production"', ...(esm ? {"import.meta": "{}"} : {})},
      plugins: [
        imports({
          compiled,
          entry,
          project,
          root,
          warnings: quiet ? [] : warnings,
          maxFileBytes: options.maxFileBytes,
          attached,
          embeds,
          cache: options.cache
        })
      ]
    });
  // The compiler's definitions serve as they are until a cell gains an error here.
  const define = () =>
    added.size === 0 && !options.cellErrors?.size
      ? {text: compiled.definitions, cells: compiled.defined}
      : defineNotebook(compiled.analysed, compiled.path, errors, {languages: compiled.languages});
  /** The errors this pass added, as warnings (those the compiler found it reports itself). */
  const addedWarnings = () => {
    for (const [id, error] of added)
      if (!compiled.cellErrors.has(id))
        warnings.push({path: compiled.path, line: error.line, column: error.column, message: `${error.name}: ${error.message}`});
    return sortWarnings(warnings);
  };
  // Cells that import nothing (a cell with an error is defined as its error): the definitions
  // are the script as they are (plainScript.ts).
  const first = define();
  const plain = plainScript(
    {analysed: compiled.analysed.filter((c) => !errors.has(c.id))},
    filesSource(filesExpression),
    first.text,
    filesSource("{}")
  );
  if (plain !== undefined) return {code: plain, inputs: [], warnings: addedWarnings(), cellErrors: added, libraries: []};
  // Each failed round marks the cells esbuild refused; a round that places no error gives up.
  for (let round = 0; ; round++) {
    const defined = round === 0 ? first : define();
    const attempt = await run(defined.text).then(
      (result) => ({result}),
      (error: unknown) => ({error})
    );
    if ("result" in attempt) {
      const result = attempt.result;
      const inputs = Object.keys(result.metafile!.inputs)
        .filter((f) => !f.startsWith("<") && !f.includes(":"))
        .map((f) => resolve(f))
        .filter((f) => f !== entry)
        .concat(attached);
      const libraries = Object.keys(result.metafile!.inputs)
        .map((f) =>
          f.startsWith("queuebook-shared:")
            ? sharedPackages[f.slice("queuebook-shared:".length)]
            : f.startsWith("queuebook-tex:")
              ? "tex"
              : undefined
        )
        .filter((name): name is string => Boolean(name));
      return {
        code: embeds.link(
          stampModuleCells(result.outputFiles![0].text, compiled, defined.cells, errors, inputs, project, options.cache?.stamps)
        ),
        inputs,
        warnings: addedWarnings(),
        cellErrors: added,
        libraries
      };
    }
    const messages = (attempt.error as Partial<BuildFailure>).errors;
    if (!messages?.length) throw attempt.error;
    if (!esm && messages.some((m) => /Top-level await is currently not supported with the "iife" output format/.test(m.text))) {
      esm = true;
      continue;
    }
    warnings.length = 0; // the next round reports the imports again
    let placed = false;
    const elsewhere: Message[] = [];
    // A refusal to read outside the project says more than the other errors of the same cell.
    const refused = (m: Message) => (/it is outside the project/.test(m.text) ? 0 : 1);
    for (const message of [...messages].sort((a, b) => refused(a) - refused(b))) {
      const at =
        message.location && resolve(message.location.file) === entry ? cellAtLine(defined.cells, message.location.line - 1) : undefined;
      const cell = at && cells.get(at.id);
      if (!cell || !at) {
        elsewhere.push(message);
        continue;
      }
      if (errors.has(cell.id)) continue;
      const error = entryError(cell, at, message, entry);
      errors.set(cell.id, error);
      added.set(cell.id, error);
      placed = true;
    }
    if (elsewhere.length) {
      // An error inside a module (or without a place): bundle each importing cell alone to find
      // which ones bring it in. Only on this failure path, so a clean build pays nothing.
      const importing = compiled.analysed.filter((c) => !errors.has(c.id) && importsModules(c));
      for (let i = 0; i < importing.length; i += 8) {
        const batch = importing.slice(i, i + 8); // a few builds at a time: esbuild runs them in parallel
        const failures = await Promise.all(
          batch.map((cell) =>
            run(defineNotebook([cell], compiled.path, new Map(), {}).text, true).then(
              () => undefined,
              (error: Partial<BuildFailure>) => error.errors?.[0]
            )
          )
        );
        batch.forEach((cell, j) => {
          const failure = failures[j];
          if (!failure) return;
          const error: CellError = {
            name: "ImportError",
            message: `cannot bundle its imports: ${describe(failure, project)}`,
            line: cell.line,
            column: cell.column
          };
          errors.set(cell.id, error);
          added.set(cell.id, error);
          placed = true;
        });
      }
    }
    if (!placed || round > 8) {
      const first = elsewhere[0] ?? messages[0];
      throw new BuildError(`${compiled.path}: cannot bundle its imports: ${describe(first, project)}`);
    }
  }
}

/**
 * An import() or require() of a computed path in a cell: esbuild would bundle every file the
 * pattern matches (all of node_modules, a pipe that never ends), so the cell is refused.
 */
function patternImport(cell: CompiledNotebook["analysed"][number]): CellError | undefined {
  if (!/\b(import|require)\s*\(/.test(cell.js)) return undefined; // most cells: no parse
  let node;
  try {
    node = parse(cell.js, {
      ecmaVersion: "latest",
      sourceType: "module",
      allowAwaitOutsideFunction: true,
      allowReturnOutsideFunction: true,
      allowHashBang: true,
      locations: true
    });
  } catch {
    try {
      node = parseExpressionAt(cell.js, 0, {ecmaVersion: "latest", sourceType: "module", locations: true});
    } catch {
      return undefined; // esbuild reports it
    }
  }
  let found: {line: number; column: number; what: string} | undefined;
  const literal = (arg: any) =>
    (arg?.type === "Literal" && typeof arg.value === "string") || (arg?.type === "TemplateLiteral" && arg.expressions.length === 0);
  simple(node, {
    ImportExpression(n: any) {
      if (!found && !literal(n.source)) found = {...n.loc.start, what: "import()"};
    },
    CallExpression(n: any) {
      if (!found && n.callee.type === "Identifier" && n.callee.name === "require" && !literal(n.arguments[0]))
        found = {...n.loc.start, what: "require()"};
    }
  });
  if (!found) return undefined;
  const at = cell.lang === "js" ? toNotebook(cell, found.line, found.column + 1) : {line: cell.line, column: cell.column};
  return {
    name: "ImportError",
    message: `${found.what} needs a literal path ("./module.js"): a computed one would bundle every file it could match`,
    ...at
  };
}

/** The cell whose definition spans `line` of the definitions text. */
function cellAtLine(cells: readonly DefinedCell[], line: number): DefinedCell | undefined {
  let lo = 0,
    hi = cells.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cells[mid].lastLine < line) lo = mid + 1;
    else if (cells[mid].firstLine > line) hi = mid - 1;
    else return cells[mid];
  }
  return undefined;
}

/** An esbuild error inside a cell's own code, positioned in the .md and said in the reader's terms. */
function entryError(cell: CompiledNotebook["analysed"][number], at: DefinedCell, message: Message, entry: string): CellError {
  const location = message.location!;
  // The body starts on the line after the definition's first line, as the cell's JavaScript.
  const k = location.line - 1 - at.firstLine;
  const lines = cell.js.split("\n").length;
  // Columns hold where the line is the cell's own text (an import rewritten differs: its start).
  const same = cell.js.split("\n")[k - 1] === location.lineText;
  const column = (same ? location.column : location.lineText.length - location.lineText.trimStart().length) + 1;
  const position =
    cell.lang === "js" && k >= 1 && k <= lines
      ? {line: cell.line + k - 1, column: k === 1 ? cell.column + column - 1 : column}
      : {line: cell.line, column: cell.column};
  const loader = /^No loader is configured for "([^"]*)" files: (.*)$/.exec(message.text);
  if (loader) {
    const file = relative(dirname(entry), resolve(loader[2])).split(sep).join("/");
    return {
      name: "ImportError",
      message: `cannot import ${quote(file)}: ${loader[1]} files are data, not code; read it with FileAttachment(${quote(file)})`,
      ...position
    };
  }
  const syntax = /^(Syntax error|Expected|Unexpected|Cannot assign|Cannot use|Invalid|Unterminated|Duplicate|The symbol)/.test(
    message.text
  );
  return {name: syntax ? "SyntaxError" : "ImportError", message: oneLine(message.text), ...position};
}

/** An esbuild message in one line: where (relative to the current folder) and what. */
function describe(message: Message, project: string): string {
  const l = message.location;
  const where = l ? `${shown(project, resolve(l.file))}:${l.line}:${l.column + 1}: ` : "";
  return oneLine(`${where}${message.text}`);
}

/** True when a cell brings in modules: a static import, or an import() call in its code. */
function importsModules(cell: CompiledNotebook["analysed"][number]): boolean {
  return cell.imports.length > 0 || /\bimport\s*\(/.test(cell.js);
}

/**
 * Cells that import modules get their hash extended by a hash of the imported files (their paths
 * inside the project and their contents),
 * so a live update re-runs them when a module changes even though their own text did not. The
 * hashes come from the transpile pass as data; only those exact string literals are replaced.
 */
function stampModuleCells(
  code: string,
  compiled: CompiledNotebook,
  defined: readonly DefinedCell[],
  errors: ReadonlyMap<string, CellError>,
  inputs: string[],
  project: string,
  stamps?: Map<string, string>
): string {
  const importing = new Set(compiled.analysed.filter((c) => !errors.has(c.id) && importsModules(c)).map((c) => c.id));
  const modules = [...new Set(inputs.filter((f) => !f.includes(`${sep}node_modules${sep}`)))].sort();
  if (importing.size === 0 || modules.length === 0) return code;
  const key = [project, ...modules].join("\0");
  let stamp = stamps?.get(key);
  if (stamp === undefined) {
    const digest = createHash("sha256");
    for (const file of modules) {
      digest.update(relative(project, file).split(sep).join("/")); // the module's place in the project, not on this machine: the same stamp from any checkout
      try {
        digest.update(readFileSync(file));
      } catch {
        digest.update("(unreadable)"); // removed since the bundle read it: the next build sees it
      }
    }
    stamp = digest.digest("hex").slice(0, 8);
    stamps?.set(key, stamp);
  }
  const hashes = new Set(defined.filter((d) => importing.has(d.id)).map((d) => d.hash));
  return code.replace(/"([0-9a-f]{12})"/g, (m, h) => (hashes.has(h) ? `"${h}-${stamp}"` : m));
}
