// The lab notebook's widgets: the upload of one's own runs, the answer files as downloads, the
// grader's checks, the step-8 decision form, and the boxes for the lab's words and hints.
// Widgets that hold what the reader typed or loaded are built once and relabelled by
// `localize(t)`, so switching the language keeps the reader's work.
import {characters, decisionMinimum, type Check, type Decision} from "../../lab/grade.js";
import {shapes} from "../../lab/schedule.js";
import type {Translate} from "../i18n.js";
import {runUpload, type UploadOptions} from "./uploadClient.js";
import {outputNames} from "../../lab/analyze.js";
import {mergeUploads, type UploadBase, type UploadOutcome} from "./uploadJob.js";
import type {UploadProgress} from "./uploadMessages.js";
import {tryItBarStyles} from "./tryItBar.js";
import {redrawable} from "../../page/redraw.js";

/** What the upload widget holds: the last good upload's files, what each became, its analysis and the grader's checks. */
export type Uploaded = Omit<UploadOutcome, "ok">;

/** An element with a value, relabelled in place when the language changes. */
export type Widget<T> = HTMLElement & {value: T; localize(t: Translate): void};

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/**
 * `<input type=file multiple name="lab-files">`: its value becomes a good upload, read, analysed
 * and graded against `base` off the page's main thread (an "input" event tells the page); while
 * that runs, a `<progress>` and a line name the file and the step. A bad upload (a file over the
 * lab's size limit, refused before it is read, or file:line:column) shows its messages and
 * changes nothing. Each upload adds to the files loaded before (a file replaces the one of its
 * name); a button clears them all, back to the embedded runs.
 */
export function uploadWidget(base: UploadBase, options: UploadOptions = {}): Widget<Uploaded | null> {
  const input = element("input", {type: "file", multiple: "", name: "lab-files", accept: ".csv,.txt,.tsv"});
  const caption = element("span", {class: "lab-upload-caption"});
  const reset = element("button", {type: "button", class: "lab-upload-reset"});
  const status = element("div", {class: "lab-upload-status", role: "status", "aria-live": "polite"});
  const root = element(
    "div",
    {class: "lab-upload"},
    element("label", {}, caption, input),
    reset,
    status
  ) as unknown as Widget<Uploaded | null>;
  let t: Translate = (key) => key;
  type State =
    | {kind: "embedded"}
    | {kind: "loaded"; uploaded: Uploaded}
    | {kind: "error"; errors: string[]}
    | {kind: "working"; progress: UploadProgress};
  let state: State = {kind: "embedded"};
  const render = () => {
    caption.textContent = t("upload.label");
    reset.textContent = t("upload.reset");
    reset.hidden = root.value === null || state.kind === "working";
    input.disabled = state.kind === "working";
    status.className = `lab-upload-status${state.kind === "error" ? " lab-error" : ""}`;
    status.replaceChildren();
    if (state.kind === "embedded") status.append(t("upload.embedded"));
    else if (state.kind === "loaded")
      status.append(
        t("upload.loaded"),
        element(
          "ul",
          {},
          ...state.uploaded.loaded.map((l) =>
            element(
              "li",
              {},
              l.from === l.as ? l.as : `${l.from} → ${l.as}`,
              l.rows === undefined ? "" : ` (${t("upload.rows", {n: l.rows})})`
            )
          )
        )
      );
    else if (state.kind === "working") status.append(...progressView(state.progress, t));
    else
      status.append(
        t(root.value ? "upload.refusedKept" : "upload.refused"),
        element("ul", {}, ...state.errors.map((e) => element("li", {}, element("code", {}, e))))
      );
  };
  root.value = null;
  root.localize = (next) => ((t = next), render());
  let shown = "";
  input.addEventListener("change", async (event) => {
    event.stopPropagation(); // the page hears only the widget's own input event, after reading
    const files = [...(input.files ?? [])];
    if (files.length === 0 || state.kind === "working") return;
    const onProgress = (progress: UploadProgress) => {
      // The line changes at each step and every tenth of a file, so a screen reader is not flooded.
      const line = `${progress.phase}:${progress.file}:${progress.total ? Math.floor((10 * progress.done!) / progress.total) : ""}`;
      if (line === shown && state.kind === "working") return void updateBar(status, progress);
      shown = line;
      state = {kind: "working", progress};
      render();
    };
    onProgress({type: "progress", phase: "reading", file: files[0].name, done: 0, total: files[0].size});
    // Uploads add to what is loaded: this one is read over the embedded folder with the earlier
    // uploads already in it, and a file replaces only the one with its lab name.
    const held = root.value;
    const outcome = await runUpload(files, held ? heldBase(base, held.files) : base, {...options, onProgress});
    input.value = "";
    if (!outcome.ok) {
      state = {kind: "error", errors: outcome.errors};
      return render();
    }
    const loaded = [...(held?.loaded ?? []).filter((l) => !outcome.loaded.some((n) => n.as === l.as)), ...outcome.loaded];
    const uploaded: Uploaded = {
      files: new Map([...(held?.files ?? []), ...outcome.files]),
      loaded,
      runs: outcome.runs,
      checks: outcome.checks
    };
    root.value = uploaded;
    state = {kind: "loaded", uploaded};
    render();
    root.dispatchEvent(new Event("input", {bubbles: true}));
  });
  input.addEventListener("input", (event) => event.stopPropagation());
  reset.addEventListener("click", () => {
    root.value = null;
    state = {kind: "embedded"};
    input.value = "";
    render();
    root.dispatchEvent(new Event("input", {bubbles: true}));
  });
  render();
  return root;
}

/** The folder a further upload is read over: the embedded one with the files uploaded so far in it. */
export function heldBase(base: UploadBase, held: Map<string, string>): UploadBase {
  const answers = [...held].filter(([name]) => outputNames.includes(name));
  return {inputs: mergeUploads(base.inputs, held), answers: new Map([...base.answers, ...answers])};
}

/** The bar and the line of an upload in progress: bytes while reading, indeterminate after. */
function progressView(progress: UploadProgress, t: Translate): Node[] {
  const bar = element("progress", {class: "lab-upload-progress", max: "1"});
  const percent = progress.total ? Math.floor((100 * progress.done!) / progress.total) : undefined;
  if (percent !== undefined) bar.value = progress.done! / progress.total!;
  const line =
    progress.phase === "reading"
      ? t("upload.reading", {name: progress.file ?? "", percent: percent ?? 0})
      : t(`upload.${progress.phase}`, {names: progress.file ?? ""});
  bar.setAttribute("aria-label", line);
  return [bar, document.createTextNode(" "), element("span", {class: "lab-upload-step"}, line)];
}

/** Moves the bar alone (between the line's steps). */
function updateBar(status: HTMLElement, progress: UploadProgress) {
  const bar = status.querySelector("progress");
  if (bar && progress.total) bar.value = progress.done! / progress.total;
}

/** One `<a download="name">` per answer file, its content in a data: URL (works from file:// too). */
export function downloadLinks(answers: Map<string, string>, names: string[], t: Translate): HTMLElement {
  return element(
    "ul",
    {class: "lab-downloads"},
    ...names.map((name) => {
      const text = answers.get(name);
      if (text === undefined) return element("li", {}, element("span", {class: "lab-muted"}, t("download.missing", {name})));
      return element("li", {}, element("a", {download: name, href: "data:text/plain;charset=utf-8," + encodeURIComponent(text)}, name));
    })
  );
}

/**
 * The grader's checks as a list: ✓ or ✗, the rule, and why, in the page's language. `pending`
 * (nothing answered yet) lists the rules alone under "not answered yet": a form the learner has
 * not touched is not a wrong answer.
 */
export function checkList(checks: Check[], t: Translate, {pending = false}: {pending?: boolean} = {}): HTMLElement {
  const failed = checks.filter((c) => !c.ok).length;
  const summary = pending
    ? element("p", {class: "lab-muted", "data-pending": ""}, t("grade.pending", {total: checks.length}))
    : element(
        "p",
        {class: failed ? "lab-error" : "lab-ok"},
        failed ? t("grade.failed", {n: failed, total: checks.length}) : t("grade.passed", {total: checks.length})
      );
  const list = element(
    "ul",
    {class: "lab-checks"},
    ...checks.map((c) =>
      element(
        "li",
        {class: pending ? "pending" : c.ok ? "ok" : "fail", "data-rule": c.rule},
        pending
          ? element("span", {class: "mark", "aria-hidden": "true"}, "·")
          : element("span", {class: "mark", "aria-label": t(c.ok ? "grade.ok" : "grade.fail")}, c.ok ? "✓" : "✗"),
        " ",
        element("strong", {}, named(c, t)),
        ...(pending ? [] : [element("span", {class: "lab-muted"}, ` — ${worded(c, t)}`)])
      )
    )
  );
  return element("div", {class: "lab-grade"}, summary, list);
}

/** A check's name in the page's language: its file (as it is) and its rule. */
function named(c: Check, t: Translate): string {
  const rule = t(`rule.${c.rule}`);
  return c.file === undefined ? rule : `${c.file}: ${rule}`;
}

/** A check's detail in the page's language: each finding worded by its id, joined. */
function worded(c: Check, t: Translate): string {
  return c.parts.map((p) => t(`check.${p.id}`, p.vars)).join(t("check.join"));
}

/** Step 8's decision as the form holds it: `answered` once the learner changed anything. */
export type DecisionInput = Decision & {answered: boolean};

/** Step 8's form: model, workers, evidence and risk; its value is the decision as typed. */
export function decisionForm(initial: Partial<Decision> = {}): Widget<DecisionInput> {
  const model = element("select", {name: "model"}, ...shapes.map((s) => element("option", {value: s}, s)));
  model.value = initial.model ?? "burst";
  const workers = element("input", {type: "number", name: "workers", min: "1", step: "1", value: String(initial.workers ?? 4)});
  const evidence = element("textarea", {name: "evidence", rows: "3"});
  evidence.value = initial.evidence ?? "";
  const risk = element("textarea", {name: "risk", rows: "2"});
  risk.value = initial.risk ?? "";
  const captions = ["model", "workers", "evidence", "risk"].map((key) => element("span", {"data-key": key}));
  const count = (field: HTMLTextAreaElement) => element("small", {class: "lab-muted", "data-count": field.name});
  const counts = [count(evidence), count(risk)];
  const root = element(
    "form",
    {class: "lab-decision"},
    element("label", {}, captions[0], model),
    element("label", {}, captions[1], workers),
    element("label", {class: "wide"}, captions[2], evidence, counts[0]),
    element("label", {class: "wide"}, captions[3], risk, counts[1])
  ) as unknown as Widget<DecisionInput>;
  let t: Translate = (key) => key;
  let answered = false;
  const read = (): DecisionInput => ({
    model: model.value,
    workers: workers.value.trim() === "" ? NaN : Number(workers.value),
    evidence: evidence.value,
    risk: risk.value,
    answered
  });
  const render = () => {
    captions.forEach((c) => (c.textContent = t(`decision.${c.dataset.key}`)));
    counts[0].textContent = t("decision.count", {n: characters(evidence.value), min: decisionMinimum.evidence});
    counts[1].textContent = t("decision.count", {n: characters(risk.value), min: decisionMinimum.risk});
  };
  root.value = read();
  root.localize = (next) => ((t = next), render());
  root.addEventListener("input", () => ((answered = true), (root.value = read()), render()));
  root.addEventListener("change", () => ((answered = true), (root.value = read()), render()));
  root.addEventListener("submit", (event) => event.preventDefault());
  render();
  return root;
}

/** An answer file as written, under a caption. */
export function answerFile(name: string, text: string | undefined, caption: string): HTMLElement {
  return element(
    "div",
    {},
    element("p", {class: "lab-muted"}, caption),
    element("pre", {class: "lab-answer", "data-file": name}, text ?? "")
  );
}

/** The lab's own words for a step: what to do, and why (or its hints). */
export function labSays(title: string, ...paragraphs: string[]): HTMLElement {
  return element("blockquote", {class: "lab-says"}, element("strong", {}, title), ...paragraphs.map((p) => element("p", {}, p)));
}

/** A box of hints and common mistakes. */
export function hints(title: string, items: (string | Node)[]): HTMLElement {
  return element(
    "aside",
    {class: "lab-hints"},
    element("strong", {}, title),
    element("ul", {}, ...items.map((item) => element("li", {}, item)))
  );
}

/** A small table: header cells, then rows of cells. */
export function table(header: string[], rows: (string | number)[][]): HTMLElement {
  // text in cells only: a slider's redraw is patched into the table on the page (src/page/redraw.ts)
  return redrawable(
    element(
      "table",
      {class: "lab-table"},
      element("thead", {}, element("tr", {}, ...header.map((h) => element("th", {}, h)))),
      element("tbody", {}, ...rows.map((r) => element("tr", {}, ...r.map((c) => element("td", {}, String(c))))))
    )
  );
}

/**
 * The widgets' styles, once per page. Figures and long text skip layout and paint while off
 * screen (content-visibility), so a slider redraws only what the reader can see.
 */
export function labStyles(): HTMLStyleElement {
  return element(
    "style",
    {},
    `
.lab-says,.lab-hints,pre.lab-answer{content-visibility:auto;contain-intrinsic-size:auto 160px}
.lab-says{border-left:4px solid var(--qb-shape-even,#4269d0);background:var(--qb-tint,#f4f6fb);color:var(--qb-text,#222);margin:1rem 0;padding:.6rem 1rem}
.lab-says p{margin:.4rem 0;color:var(--qb-text,#222)}
.lab-hints{border-left:4px solid var(--theme-yellow,#efb118);background:var(--qb-warn-bg,#fdf8ec);margin:1rem 0;padding:.6rem 1rem}
.lab-hints ul{margin:.3rem 0;padding-left:1.2rem}
.lab-pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:1rem;margin:1rem 0;content-visibility:auto;contain-intrinsic-size:auto 320px}
.lab-pair figure{margin:0;min-width:0}
.lab-pair figure>.qb-inline{display:block}
.lab-pair figcaption{font-weight:600;margin-bottom:.3rem}
.lab-table{border-collapse:collapse;font-variant-numeric:tabular-nums;margin:.5rem 0}
.lab-table th,.lab-table td{border-bottom:1px solid var(--qb-faint,#ddd);padding:.2rem .6rem;text-align:right}
.lab-table th:first-child,.lab-table td:first-child{text-align:left}
@media (max-width:420px){.lab-table{font-size:.85em}.lab-table th,.lab-table td{padding:.2rem .3rem}.lab-table th{overflow-wrap:anywhere}}
.lab-upload{border:1px dashed var(--qb-border,#888);padding:.8rem;border-radius:6px;margin:1rem 0}
.lab-upload label{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.lab-upload-reset{margin-top:.5rem}
.lab-error{color:var(--qb-error,#b00020)}
.lab-ok{color:var(--qb-ok,#1b7a3a)}
.lab-muted{color:var(--qb-muted,#666)}
.lab-checks{list-style:none;padding-left:0}
.lab-checks li{margin:.15rem 0;overflow-wrap:anywhere;padding-left:1.4em;text-indent:-1.4em}
.lab-checks .mark{display:inline-block;width:1.1em;text-indent:0}
.lab-checks .ok .mark{color:var(--qb-ok,#1b7a3a)}
.lab-checks .fail .mark{color:var(--qb-error,#b00020)}
.lab-checks .pending .mark{color:var(--qb-muted,#666)}
.lab-decision{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:.6rem;margin:1rem 0}
.lab-decision label{display:flex;flex-direction:column;gap:.2rem}
.lab-decision label.wide{grid-column:1/-1}
.lab-decision textarea,.lab-decision select,.lab-decision input{width:100%;box-sizing:border-box;font:inherit;padding:.25rem .4rem}
.lab-decision select,.lab-decision input{height:2.3em}
@media (min-width:640px){.qb-notebook .lab-try>form{--label-width:13em}}
@media (max-width:480px){.katex-display{font-size:.85em}}
.lab-downloads{columns:2 12rem}
.katex-display{overflow-x:auto;overflow-y:hidden;padding:.2rem 0}
pre.lab-answer{background:var(--qb-code-bg,#f6f6f6);padding:.5rem .8rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
html.qb-present .lab-says,html.qb-present .lab-hints{font-size:.9em;margin:.6rem 0}
html.qb-present .lab-checks{columns:2;column-gap:2.5rem;font-size:.62em;margin:.3rem 0}
html.qb-present .lab-checks li{break-inside:avoid;margin:0}
html.qb-present .lab-checks .ok .lab-muted{display:none} /* on the stage a passing check is its rule; a failing one keeps its why */
html.qb-present pre.lab-answer{font-size:.8em;margin:.3rem 0}
html.qb-present .lab-pair{margin:.5rem 0}
${tryItBarStyles}`
  );
}
