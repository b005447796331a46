// A lesson inside JupyterLab: the frame's side (jupyter-frame.js, loaded by the extension's
// lesson.html after client.js and the module map). The tab sends the lesson's .md; this compiles
// it with the build's passes in the page (the in-page editor's compiler), puts its prose in
// <main>, reads its attached and locale files through the tab (Jupyter's contents API, relative
// to the lesson) and defines its cells: the same page `queuebook dev` shows. Edits go back to the
// tab's document (edits/jupyterHost.ts); a change of the document elsewhere is adopted as a dev
// live update is. Messages are taken only from the tab that holds this frame (window.parent).
import {compileEdited, type EditCompiled} from "../editor/compile.js";
import {evaluateDefinition} from "../editor/evaluate.js";
import {adoptSource, patchMain} from "../reload.js";
import {declaredLanguages} from "../../notebook/contract.js";
import {sharedPackages, type CellDefinition, type Files, type EmbeddedFile} from "../../notebook/contract.js";
import {sourceBlocks} from "../../notebook/source.js";
import {sourceHash, type EmbeddedSource} from "../../notebook/sourceContract.js";
import {lessonTexts} from "../../notebook/lessonTexts.js";
import {PROTOCOL, hostMessage, type FrameMessage, type HostMessage} from "./protocol.js";
import {setJupyterPort} from "../edits/jupyterHost.js";
import {pageApi} from "../pageApi.js";

/** Sends a message to the tab (an opaque-origin frame cannot name the tab's origin: "*", to window.parent only). */
function post(message: FrameMessage): void {
  parent.postMessage(message, "*");
}

const reads = new Map<number, (answer: Extract<HostMessage, {type: "file"}>) => void>();
const keeps = new Map<number, (answer: Extract<HostMessage, {type: "kept"}>) => void>();
let nextId = 0;

/** A file relative to the lesson, read by the tab (or why not). */
function readFile(name: string): Promise<Extract<HostMessage, {type: "file"}>> {
  const id = nextId++;
  return new Promise((resolve) => (reads.set(id, resolve), post({qb: PROTOCOL, type: "read", id, name})));
}

/** The notebook as edited, given to the tab to keep; resolves to its answer. */
function keep(expected: string, text: string): Promise<Extract<HostMessage, {type: "kept"}>> {
  const id = nextId++;
  return new Promise((resolve) => (keeps.set(id, resolve), post({qb: PROTOCOL, type: "edited", id, expected, text})));
}

/** The embedded source of `text` (what the editor splices edits into). */
function sourceOf(path: string, compiled: EditCompiled): EmbeddedSource {
  const text = compiled.parsed.markdown;
  return {path, hash: sourceHash(text), text, blocks: sourceBlocks(text, compiled.parsed.blocks)};
}

/** The lesson's title and description in its other languages, for titles.ts (as the built page embeds them). */
function setTitles(compiled: EditCompiled, languages: string[]): void {
  const {data, title, description} = compiled.parsed;
  document.title = title;
  document.querySelector<HTMLMetaElement>('meta[name="description"]')?.setAttribute("content", description);
  const texts = lessonTexts(data, {title, description}, languages);
  const others = Object.fromEntries(
    languages
      .slice(1)
      .filter((lang) => texts[lang])
      .map((lang) => [lang, {title: texts[lang].title, description: texts[lang].description}])
  );
  document.getElementById("qb-titles")!.textContent = JSON.stringify(others);
}

/** Each attached file the cells name, read through the tab; a refused one fails FileAttachment for it, with the tab's reason. */
async function loadFiles(compiled: EditCompiled): Promise<{files: Files; problems: Map<string, string>}> {
  const names = [...new Set(compiled.analysed.flatMap((cell) => cell.files.map((f) => f.name.replace(/^\.\//, ""))))];
  const files: Files = Object.create(null);
  const problems = new Map<string, string>();
  await Promise.all(
    names.map(async (name) => {
      const answer = await readFile(name);
      if (!answer.ok) problems.set(name, answer.message);
      else
        files[name] = {
          mimeType: answer.mimeType,
          ...(answer.text !== undefined ? {text: answer.text} : {base64: answer.base64})
        } satisfies EmbeddedFile;
    })
  );
  return {files, problems};
}

/** Relative data imports (a locale's `./locales/en.json`), read through the tab, as modules by specifier; code comes only from the module map. */
async function loadDataImports(compiled: EditCompiled): Promise<Record<string, () => Promise<unknown>>> {
  const specifiers = [
    ...new Set(
      compiled.analysed.flatMap((cell) => cell.imports.map((i) => i.specifier)).filter((s) => /^\.\.?\//.test(s) && /\.json$/i.test(s))
    )
  ];
  const table: Record<string, () => Promise<unknown>> = {};
  await Promise.all(
    specifiers.map(async (specifier) => {
      const answer = await readFile(specifier);
      let value: Promise<unknown>;
      if (!answer.ok) value = Promise.reject(importError(answer.message));
      else {
        try {
          value = Promise.resolve({default: JSON.parse(answer.text ?? "")});
        } catch (error) {
          value = Promise.reject(importError(`cannot import ${JSON.stringify(specifier)}: not JSON (${(error as Error).message})`));
        }
      }
      value.catch(() => {}); // (rejected only for the cells that import it)
      table[specifier] = () => value;
    })
  );
  return table;
}

function importError(message: string): Error {
  const error = new Error(message);
  error.name = "ImportError";
  return error;
}

let current: {path: string; text: string} | undefined;
let rendering: Promise<void> = Promise.resolve();

/** Puts the lesson `text` on the page: prose, titles, source, files, then the cells (only changed ones re-run). */
async function render(path: string, text: string): Promise<void> {
  const first = !current;
  current = {path, text};
  const compiled = compileEdited(text, path);
  const q = pageApi();
  // What the tab reads for the lesson is asked for first: the tab answers between the page's
  // tasks (its thread is this frame's), so the data the cells import (a locale) goes out before
  // the chunks take the thread. The chunks the lesson will need (Plot, d3, KaTeX: by its cells'
  // names, its imports of d3 or Plot, and the module map's when it imports from it) load while
  // it is read. The attached files come after, and only the cells that use FileAttachment wait
  // for them (a lesson's data files are most of what the tab reads: the lab's are eighteen).
  const imports = loadDataImports(compiled);
  const files = loadFiles(compiled).then(({files, problems}) => ({files, refused: Object.fromEntries(problems)}));
  const shared = compiled.analysed.flatMap((cell) =>
    cell.imports.map((i) => (Object.hasOwn(sharedPackages, i.specifier) ? sharedPackages[i.specifier] : ""))
  );
  const mapped = compiled.analysed.some((cell) => cell.imports.some((i) => Object.hasOwn(q.moduleMap ?? {}, i.specifier)));
  const chunks = q.loadBuiltins([
    ...shared,
    ...compiled.analysed.flatMap((cell) => cell.references),
    ...(mapped ? (q.moduleMapBuiltins ?? []) : [])
  ]);
  await new Promise((resolve) => setTimeout(resolve)); // (the tab's turn: it sends the reads before the prose takes the thread)
  const languages = declaredLanguages(compiled.parsed.data.languages, () => {});
  if (first) document.documentElement.lang = languages[0] ?? "en";
  setTitles(compiled, languages);
  patchMain(compiled.parsed.html);
  adoptSource(sourceOf(path, compiled)); // the page's source; a running editor starts afresh over the document as it is now
  const [data] = await Promise.all([imports, chunks]);
  const cells: CellDefinition[] = compiled.definitions.map((d) => evaluateDefinition(d.text));
  // the module map (modules.js) and the data read for this version: what the cells import
  q.notebook({path, filesArriving: files, languages, cells, modules: {...q.moduleMap, ...data}});
  document.documentElement.setAttribute("data-qb-lesson", String(Number(document.documentElement.getAttribute("data-qb-lesson") ?? 0) + 1));
}

function onMessage(event: MessageEvent): void {
  if (event.source !== parent || parent === window) return; // only the tab that holds this frame
  const message = hostMessage(event.data);
  if (!message) return;
  switch (message.type) {
    case "open":
      if (!current) rendering = rendering.then(() => render(message.path, message.text));
      return;
    case "source":
      if (current && message.text !== current.text) rendering = rendering.then(() => render(current!.path, message.text));
      return;
    case "kept":
      keeps.get(message.id)?.(message), keeps.delete(message.id);
      return;
    case "file":
      reads.get(message.id)?.(message), reads.delete(message.id);
  }
}

/** Ctrl+S (⌘S) inside the lesson saves the document, as it would outside the frame. */
function onKey(event: KeyboardEvent): void {
  if (event.key.toLowerCase() === "s" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
    event.preventDefault();
    post({qb: PROTOCOL, type: "save"});
  }
}

/** Starts the frame: listens to the tab, hands the edits their host, and says it is ready. */
export function startFrame(): void {
  setJupyterPort({
    keep,
    // this frame's own edit coming back from the tab is no outside change: render keeps it
    rendered: (text) => (current ? (current = {...current, text}) : undefined)
  });
  addEventListener("message", onMessage);
  addEventListener("keydown", onKey, true);
  post({qb: PROTOCOL, type: "ready"});
}

startFrame();
