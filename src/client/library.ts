import * as htl from "htl";
import {chunkedBuiltins, chunkOf} from "../notebook/contract.js";
import {AbstractFile} from "./abstractFile.js";
import {frameworkNames} from "./frameworkNames.js";
import {makeFileAttachment, type Files} from "./fileAttachment.js";
import {inputs as Inputs} from "./inputs.js";
import * as Generators from "./generators.js";
import {Mutable} from "./mutable.js";
import {resize} from "./resize.js";
import {languageGenerator} from "./i18n.js";
import {watchOverflow} from "../page/scrollCue.js";
import {provided} from "./provided.js";

export {provided};

/** The chunk script that provides `name` (from the contract's table). */
function scriptOf(name: string): string {
  const entry = Object.values(chunkedBuiltins).find((c) => c.provides === name);
  return entry ? `${entry.chunk}.js` : name;
}

function need(name: string): any {
  const value = provided[name];
  if (value === undefined) {
    throw new Error(`${name} is not loaded (the page has no _queuebook/${scriptOf(name)} script)`);
  }
  return value;
}

/** A built-in of a chunk (`aq`, `DuckDBClient` …): what the chunk provides, or its member. */
function needBuiltin(name: string): any {
  const chunk = chunkOf(name)!;
  const value = need(chunk.provides);
  return chunk.member ? value[chunk.member] : value;
}

/** Runtime definitions of Framework's implicit imports that queuebook carries in chunks (aq, Arrow, DuckDBClient, sql …). */
function chunkedLibraries(): Record<string, () => unknown> {
  const definitions: Record<string, () => unknown> = {};
  for (const name of Object.keys(chunkedBuiltins))
    if (!["Plot", "d3", "tex", "md"].includes(name)) definitions[name] = () => needBuiltin(name);
  return definitions;
}

type Template = (strings: TemplateStringsArray, ...values: unknown[]) => Node;

/** tex`…` (inline) and tex.block`…` (display mode), rendered with KaTeX from raw strings. */
export function makeTex(katex: any) {
  function renderer(options: Record<string, unknown>): Template {
    return (strings: TemplateStringsArray, ...values: unknown[]) => {
      const source = String.raw(strings, ...values);
      const root = document.createElement(options.displayMode ? "div" : "span");
      // KaTeX's DOM renderer refuses a document in quirks mode (JupyterLab's HTML viewer shows an
      // export re-serialised without its doctype); its string renderer, the same markup, does not
      if (document.compatMode === "CSS1Compat") katex.render(source, root, options);
      else root.innerHTML = katex.renderToString(source, options);
      if (options.displayMode) watchOverflow(root.querySelector(".katex-display")); // wider than a phone: a keyboard scrolls it
      return root;
    };
  }
  return Object.assign(renderer({}), {
    block: renderer({displayMode: true}),
    options: (options: Record<string, unknown>) => renderer(options)
  });
}

/** md`…`: Markdown (marked) to a DocumentFragment; interpolated nodes are inserted as nodes. */
export function makeMd(marked: any): Template {
  return function md(strings: TemplateStringsArray, ...values: unknown[]) {
    const nodes: Node[] = [];
    let source = strings[0];
    for (let i = 0; i < values.length; ++i) {
      const value = values[i];
      if (value instanceof Node || (Array.isArray(value) && value.length && value.every((v) => v instanceof Node))) {
        source += `<span data-qb-slot="${nodes.length}"></span>`;
        nodes.push(Array.isArray(value) ? fragmentOf(value) : value);
      } else {
        source += value == null ? "" : String(value);
      }
      source += strings[i + 1];
    }
    const template = document.createElement("template");
    template.innerHTML = marked.parse(source, {async: false});
    const fragment = document.importNode(template.content, true);
    for (const slot of fragment.querySelectorAll("span[data-qb-slot]")) {
      slot.replaceWith(nodes[+slot.getAttribute("data-qb-slot")!]);
    }
    return fragment;
  };
}

function fragmentOf(nodes: Node[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(...nodes);
  return fragment;
}

/** Where the library's FileAttachment learns why a name is refused, and whether the files are still on their way. */
export interface FileState {
  refused?: (name: string) => string | undefined;
  arriving?: () => Promise<unknown> | undefined;
}

/** The runtime's built-ins. Function values are definitions: the runtime calls them when needed. */
export function makeLibrary(getFiles: () => Files, container: () => Element, state: FileState = {}) {
  const FileAttachment = makeFileAttachment(getFiles, state.refused);
  return {
    ...frameworkNames(), // Framework's implicit names queuebook lacks: a cell reading one is told what to do
    ...chunkedLibraries(),
    Inputs: () => Inputs,
    html: () => htl.html,
    svg: () => htl.svg,
    htl: () => htl,
    resize: () => resize,
    dark: () => Generators.dark(),
    Generators: () => Generators,
    Mutable: () => Mutable,
    // (the cells that name it wait while the files are on their way; the others run at once)
    FileAttachment: () => state.arriving?.()?.then(() => FileAttachment) ?? FileAttachment,
    width: () => Generators.width(container()),
    now: () => Generators.now(),
    lang: () => languageGenerator(),
    // Framework's parameterized pages read observable.params; a page built from [name].md has no
    // values here (Framework builds it once per path its config computes, which runs code)
    observable: () => Object.freeze({params: Object.freeze({})}),
    Plot: () => need("Plot"),
    d3: () => need("d3"),
    tex: () => makeTex(need("katex")),
    md: () => makeMd(need("marked"))
  };
}

/**
 * The page's copy of a package a cell imports (`import * as d3 from "d3"`), so the notebook's
 * bundle does not carry a second one: Plot and d3 from their chunks, Inputs and htl from here.
 */
export function library(name: string): unknown {
  if (name === "Inputs") return Inputs;
  if (name === "htl") return htl;
  if (name === "stdlib") return stdlib;
  if (name === "tex") return makeTex(need("katex"));
  return chunkOf(name) ? needBuiltin(name) : need(name);
}

/**
 * `observablehq:stdlib` as a project module imports it: Framework's exports, and
 * `attachments(files, refused)`, which makes the module's own FileAttachment over the files the
 * build embedded for it (names as the module wrote them, relative to the module).
 */
const stdlib = {
  AbstractFile,
  Generators,
  Mutable,
  resize,
  attachments(files: Files, refused: Record<string, string>) {
    return makeFileAttachment(
      () => files,
      (name) => (Object.hasOwn(refused, name) ? refused[name] : undefined)
    );
  }
};
