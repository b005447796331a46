// The course page's script (bundled as _queuebook/course.js): shows the course in the language
// `?lang=` asks for (one a lesson offers; else the first), and each lesson's progress from the
// progress store. The page is rendered in the first language without it (src/site/course.ts);
// this only replaces texts, links and the progress rows, always as text, never as markup.
import {progressCounts, progressKinds, readProgress} from "./progress.js";

interface LessonData {
  page: string;
  href: string;
  languages: string[];
  texts: Record<string, {title: string; description: string; goal: string}>;
  minutes?: number;
  requires: string[];
}

interface CourseData {
  languages: string[];
  strings: Record<string, Record<string, string>>;
  lessons: LessonData[];
}

/** The language the course shows: `?lang=` when a lesson offers it, else the course's first. */
export function courseLanguage(data: CourseData, search: string): string {
  let asked: string | null = null;
  try {
    asked = new URLSearchParams(search).get("lang");
  } catch {
    // a search that does not parse asks for nothing
  }
  return asked && data.languages.includes(asked) ? asked : data.languages[0];
}

/** The link to a lesson in `lang` (as src/site/course.ts lessonHref). */
function hrefIn(lesson: LessonData, lang: string): string {
  return lesson.languages.includes(lang) && lang !== lesson.languages[0] ? `${lesson.href}?lang=${encodeURIComponent(lang)}` : lesson.href;
}

/** Fills the course page in `lang` with the progress kept in this browser. */
export function showCourse(doc: Document, data: CourseData, lang: string): void {
  const s = {...data.strings[data.languages[0]], ...data.strings[lang]};
  const fill = (template: string, vars: Record<string, string | number>) =>
    template.replace(/\{(\w+)\}/g, (m, k: string) => (Object.hasOwn(vars, k) ? String(vars[k]) : m));
  doc.documentElement.lang = lang;
  doc.title = s.pageTitle;
  doc.querySelector('meta[name="description"]')?.setAttribute("content", s.pageDescription);
  for (const node of doc.querySelectorAll<HTMLElement>("[data-qb-text]")) node.textContent = s[node.dataset.qbText!] ?? node.textContent;
  for (const node of doc.querySelectorAll<HTMLElement>("[data-qb-label]")) node.textContent = s[node.dataset.qbLabel!] ?? node.textContent;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("[data-qb-lang]")) {
    if (link.dataset.qbLang === lang) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
  const byPage = new Map(data.lessons.map((l) => [l.page, l]));
  for (const item of doc.querySelectorAll<HTMLElement>("[data-qb-lesson]")) {
    const lesson = byPage.get(item.dataset.qbLesson!);
    if (!lesson) continue;
    const textLang = lesson.texts[lang] ? lang : lesson.languages[0];
    const text = lesson.texts[textLang];
    const slot = (name: string) => item.querySelector<HTMLElement>(`[data-qb-slot="${name}"]`);
    for (const name of ["heading", "description", "goal"]) slot(name)?.setAttribute("lang", textLang);
    slot("title")!.textContent = text.title;
    slot("link")?.setAttribute("href", hrefIn(lesson, lang));
    const description = slot("description");
    if (description) description.textContent = text.description;
    const goal = slot("goal");
    if (goal) goal.textContent = text.goal;
    const minutes = slot("minutes");
    if (minutes && lesson.minutes) minutes.textContent = fill(s.minutes, {n: lesson.minutes});
    for (const link of item.querySelectorAll<HTMLAnchorElement>("[data-qb-require]")) {
      const other = byPage.get(link.dataset.qbRequire!);
      if (!other) continue;
      link.textContent = (other.texts[lang] ?? other.texts[other.languages[0]]).title;
      link.href = hrefIn(other, lang);
    }
    const note = slot("not-offered");
    if (note) {
      note.classList.toggle("qb-off", lesson.languages.includes(lang));
      note.textContent = ` (${s.notOffered})`;
    }
    const counts = progressCounts(readProgress(lesson.page));
    const parts = progressKinds.filter((kind) => counts[kind].of > 0).map((kind) => fill(s[kind], {...counts[kind]}));
    const row = item.querySelector<HTMLElement>("[data-qb-progress-row]");
    const line = item.querySelector<HTMLElement>("[data-qb-progress]");
    if (row && line) {
      line.textContent = parts.length ? parts.join(" · ") : s.notStarted;
      row.classList.remove("qb-off");
    }
  }
}

function start(): void {
  const block = document.getElementById("qb-course");
  if (!block) return;
  let data: CourseData;
  try {
    data = JSON.parse(block.textContent ?? "");
  } catch {
    return; // the page as rendered stays
  }
  showCourse(document, data, courseLanguage(data, location.search));
  // A language link switches in place (the address keeps ?lang=); without scripts it is a plain link.
  for (const link of document.querySelectorAll<HTMLAnchorElement>("[data-qb-lang]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const lang = link.dataset.qbLang!;
      try {
        const url = new URL(location.href);
        url.searchParams.set("lang", lang);
        history.replaceState(history.state, "", url);
      } catch {
        // an address that cannot be rewritten still switches
      }
      showCourse(document, data, lang);
    });
  }
  // Progress made in another tab shows here when it comes back to the front.
  addEventListener("pageshow", () => showCourse(document, data, courseLanguage(data, location.search)));
  addEventListener("storage", () => showCourse(document, data, courseLanguage(data, location.search)));
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
