// The page's language. A notebook declares `languages: [en, hu]` in its front matter (first =
// default); the language shown is `?lang=` from the URL when declared, else the default. The
// built-in `lang` is that code, and changes (without a reload) when the reader picks another in
// the picker the page shows above the notebook; the choice is written back to `?lang=`.
import {isLanguageCode, languageName} from "../notebook/contract.js";
import {replaceUrl} from "../page/hash.js";
import {applyTitles} from "./titles.js";
import {LANGUAGE_EVENT, ui} from "./ui/text.js";

let languages: string[] = [];
let current = "en";
const listeners = new Set<(lang: string) => void>();

/** The language asked for in the URL, when the notebook declares it. */
function fromUrl(declared: readonly string[]): string | undefined {
  let asked: string | null = null;
  try {
    asked = new URLSearchParams(location.search).get("lang");
  } catch {
    return undefined;
  }
  return asked && declared.includes(asked) ? asked : undefined;
}

/** The page's own default language (an export made with --lang: <meta name="queuebook-lang">), when declared. */
function fromMeta(declared: readonly string[]): string | undefined {
  const asked = document.querySelector<HTMLMetaElement>('meta[name="queuebook-lang"]')?.content;
  return asked && declared.includes(asked) ? asked : undefined;
}

/** Calls `listener` on each change of language; returns the unsubscribe. */
export function onLanguage(listener: (lang: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the notebook's declared languages (each definition of the notebook calls this). */
export function setLanguages(declared: readonly string[] | undefined): void {
  const next = (declared ?? []).filter(isLanguageCode);
  const same = next.length === languages.length && next.every((code, i) => code === languages[i]);
  languages = next;
  if (!same || !languages.includes(current)) {
    const lang = fromUrl(languages) ?? fromMeta(languages) ?? languages[0] ?? document.documentElement.lang ?? "en";
    change(lang, false);
  }
  renderPicker();
}

/** Switches the page to `lang` (one of the declared languages) and records it in the URL. */
export function setLanguage(lang: string): void {
  if (!languages.includes(lang)) return;
  change(lang, true);
}

function change(lang: string, record: boolean): void {
  const changed = lang !== current;
  current = lang;
  document.documentElement.lang = lang;
  applyTitles(lang); // <title> and description in the page's language (titles.ts)
  if (record) replaceUrl((url) => url.searchParams.set("lang", lang)); // (a URL that cannot be rewritten still switches)
  const picker = document.querySelector<HTMLSelectElement>("select.qb-lang-picker");
  if (picker && picker.value !== lang) picker.value = lang;
  if (!changed) return;
  for (const listener of listeners) listener(lang);
  // the kit's chrome, here and in editor.js (a bundle of its own), redraws its words (ui/text.ts)
  document.dispatchEvent(new CustomEvent(LANGUAGE_EVENT, {detail: lang}));
  relabelPicker();
}

/** The picker's name in the page's language. */
function relabelPicker(): void {
  const select = document.querySelector<HTMLSelectElement>("select.qb-lang-picker");
  if (!select) return;
  select.setAttribute("aria-label", ui("language"));
  select.title = ui("language");
}

/** The picker above the notebook: shown when the notebook declares two or more languages. */
function renderPicker(): void {
  let label = document.querySelector<HTMLLabelElement>("label.qb-lang");
  if (languages.length < 2) {
    label?.remove();
    return;
  }
  if (!label) {
    label = document.createElement("label");
    label.className = "qb-lang";
    const select = document.createElement("select");
    select.className = "qb-lang-picker";
    select.addEventListener("change", () => setLanguage(select.value));
    label.append(select);
    const nav = document.querySelector(".qb-nav");
    if (nav) nav.append(label);
    else document.body.prepend(label);
  }
  const select = label.querySelector("select")!;
  select.replaceChildren(
    ...languages.map((code) => {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = languageName(code);
      return option;
    })
  );
  select.value = current;
  relabelPicker();
}

/** The built-in `lang`: the current language, then each new one the reader picks. */
export async function* languageGenerator(): AsyncGenerator<string> {
  let wake: (() => void) | undefined;
  const stop = onLanguage(() => wake?.());
  try {
    let last: string | undefined;
    while (true) {
      if (current !== last) {
        last = current;
        yield current;
      } else {
        await new Promise<void>((resolve) => (wake = resolve));
      }
    }
  } finally {
    stop();
  }
}
