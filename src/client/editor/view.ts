// The CodeMirror 6 editor of one cell or prose block: JavaScript/TypeScript syntax, brackets,
// undo history, the page's light or dark scheme. The editor only proposes a new source; the
// caller runs it (Shift+Enter, Ctrl/Cmd+S) or leaves (Esc).
import {Compartment, EditorState, type Extension} from "@codemirror/state";
import {EditorView, keymap, drawSelection, highlightActiveLine, lineNumbers} from "@codemirror/view";
import {defaultKeymap, history, historyKeymap} from "@codemirror/commands";
import {bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting, HighlightStyle} from "@codemirror/language";
import {closeBrackets, closeBracketsKeymap} from "@codemirror/autocomplete";
import {javascript} from "@codemirror/lang-javascript";
import {tags} from "@lezer/highlight";
import {ui} from "../ui/text.js";

/** What the editor calls back. */
export interface EditorHandlers {
  run(): void;
  save(): void;
  leave(): void;
}

/** True when the page is shown dark: its computed color-scheme when it names one, else the reader's preference (as the `dark` built-in). */
export function pageIsDark(): boolean {
  const scheme = getComputedStyle(document.body).colorScheme ?? "";
  const dark = /\bdark\b/.test(scheme);
  return dark !== /\blight\b/.test(scheme) ? dark : matchMedia("(prefers-color-scheme: dark)").matches;
}

const darkHighlight = HighlightStyle.define([
  {tag: tags.keyword, color: "#c792ea"},
  {tag: [tags.string, tags.special(tags.string)], color: "#c3e88d"},
  {tag: [tags.number, tags.bool, tags.null], color: "#f78c6c"},
  {tag: tags.comment, color: "#7f848e", fontStyle: "italic"},
  {tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "#82aaff"},
  {tag: tags.typeName, color: "#ffcb6b"}
]);

function theme(dark: boolean): Extension {
  return [
    EditorView.theme(
      {
        "&": {
          fontSize: "14px",
          border: "1px solid var(--qb-faint, #ccc)",
          borderRadius: "4px",
          background: dark ? "#1e2127" : "var(--qb-code-bg, #f6f7f9)",
          color: dark ? "#e6e6e6" : "inherit"
        },
        ".cm-content": {fontFamily: "var(--monospace, monospace)", caretColor: dark ? "#fff" : "#000"},
        ".cm-gutters": {background: "transparent", border: "none", color: dark ? "#7f848e" : "#9ca3af"},
        "&.cm-focused": {outline: "2px solid var(--qb-accent, #3b5bdb)"},
        ".cm-activeLine": {background: dark ? "#ffffff0d" : "#0000000a"}
      },
      {dark}
    ),
    syntaxHighlighting(dark ? darkHighlight : defaultHighlightStyle, {fallback: true})
  ];
}

/** The gutter's numbering: a cell's lines are numbered as the notebook's, so they match its errors' `notebook.md:line:column`. */
const numbering = new Compartment();
const gutter = (first: number) => lineNumbers({formatNumber: (n) => String(n + first - 1)});

/** Numbers the editor's lines from `first` (the cell's first line in the notebook; an edit above moves it). */
export function setFirstLine(view: EditorView, first: number): void {
  view.dispatch({effects: numbering.reconfigure(gutter(first))});
}

/** A mounted editor holding `text`; `lang` picks the syntax (prose gets none); `first` is the number of its first line. */
export function createEditor(parent: Element, text: string, lang: string, handlers: EditorHandlers, first = 1): EditorView {
  const code = lang !== "prose";
  const keys = keymap.of([
    {key: "Shift-Enter", run: () => (handlers.run(), true)},
    {key: "Mod-Enter", run: () => (handlers.run(), true)},
    {key: "Mod-s", run: () => (handlers.save(), true), preventDefault: true},
    {key: "Escape", run: () => (handlers.leave(), true)},
    ...closeBracketsKeymap,
    ...defaultKeymap,
    ...historyKeymap // Tab is left to move focus (no indentWithTab): the editor is no keyboard trap
  ]);
  const extensions: Extension[] = [
    keys,
    history(),
    drawSelection(),
    highlightActiveLine(),
    EditorView.lineWrapping,
    theme(pageIsDark()),
    EditorView.contentAttributes.of({"aria-label": ui(code ? "editor.code" : "editor.text")})
  ];
  if (code)
    extensions.push(
      numbering.of(gutter(first)),
      bracketMatching(),
      closeBrackets(),
      indentOnInput(),
      javascript({typescript: lang === "ts"})
    );
  const view = new EditorView({state: EditorState.create({doc: text, extensions}), parent});
  view.dom.setAttribute("data-qb-editor", "");
  return view;
}
