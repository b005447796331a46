// The course page (the site's index): each lesson with its goal, time, prerequisites, languages
// and the learner's progress, in every language the lessons offer. The lesson facts come from
// each notebook's front matter (`goal`, `minutes`, `requires`, `translations`); the page is
// rendered here in the first language, with all languages' texts embedded as JSON data, and the
// course script (src/components/progressCourse.ts) switches language (`?lang=`) and fills in
// the progress kept in this browser.
import {escapeHtml} from "../notebook/parse.js";
import {courseLanguageName, courseStringsFor, type CourseStrings} from "./courseStrings.js";
import {lessonTexts, type LessonTexts} from "../notebook/lessonTexts.js";

export {lessonTexts, type LessonTexts};

/** One lesson of the course, as the index shows it. */
export interface Lesson {
  /** The page path without `.html` ("on-call"): also its name in the progress store and in `requires`. */
  page: string;
  href: string;
  /** The languages the lesson offers (its front matter's `languages`; ["en"] when it declares none). */
  languages: string[];
  /** Texts by language; the first language's are always there. */
  texts: Record<string, LessonTexts>;
  minutes?: number;
  /** Pages of lessons to do first (only those in the course). */
  requires: string[];
  order?: number;
}

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** The front matter's `minutes`, when a positive finite number. */
export function minutesOf(data: Record<string, unknown>): number | undefined {
  return typeof data.minutes === "number" && Number.isFinite(data.minutes) && data.minutes > 0 ? data.minutes : undefined;
}

/** The front matter's `requires`: page paths (a string is one), others ignored. */
export function requiresOf(data: Record<string, unknown>): string[] {
  const list = typeof data.requires === "string" ? [data.requires] : Array.isArray(data.requires) ? data.requires : [];
  return [...new Set(list.filter(isText).map((p) => p.trim().replace(/\.md$/, "")))];
}

/** The course's languages: every language a lesson offers, in the order the lessons name them (en first when offered). */
export function courseLanguages(lessons: readonly Lesson[]): string[] {
  const all = [...new Set(lessons.flatMap((l) => l.languages))];
  return all.includes("en") ? ["en", ...all.filter((l) => l !== "en")] : all.length ? all : ["en"];
}

/** The link to a lesson in `lang`: `?lang=` only where the lesson offers it and it is not its default. */
export function lessonHref(lesson: Lesson, lang: string): string {
  return lesson.languages.includes(lang) && lang !== lesson.languages[0] ? `${lesson.href}?lang=${encodeURIComponent(lang)}` : lesson.href;
}

/** JSON for a <script type="application/json"> block: `<` escaped, so no text can close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The course page's <main>: lessons in order, in `lang` (the course's first language). */
export function renderCourse(lessons: readonly Lesson[], lang: string): {title: string; description: string; main: string; data: string} {
  const s = courseStringsFor(lang);
  const languages = courseLanguages(lessons);
  const known = new Set(lessons.map((l) => l.page));
  const byPage = new Map(lessons.map((l) => [l.page, l]));
  const items = lessons.map((lesson) => lessonItem(lesson, lang, s, byPage, known)).join("\n");
  const picker =
    languages.length > 1
      ? `<nav class="qb-course-langs" aria-label="${escapeHtml(s.language)}" data-qb-course-langs><span data-qb-label="language">${escapeHtml(s.language)}</span>: ${languages.map((code) => `<a href="?lang=${escapeHtml(encodeURIComponent(code))}" hreflang="${escapeHtml(code)}" lang="${escapeHtml(code)}" data-qb-lang="${escapeHtml(code)}"${code === lang ? ' aria-current="true"' : ""}>${escapeHtml(courseLanguageName(code))}</a>`).join(" · ")}</nav>`
      : "";
  const main = `<main class="qb-notebook qb-index qb-course">
<p class="qb-course-brand">queuebook</p>
<h1 data-qb-text="heading">${escapeHtml(s.heading)}</h1>
${picker}
<p data-qb-text="intro">${escapeHtml(s.intro)}</p>
<ol class="qb-index-list qb-course-list">
${items || `<li data-qb-text="empty">${escapeHtml(s.empty)}</li>`}
</ol>
</main>`;
  const strings = Object.fromEntries(languages.map((code) => [code, courseStringsFor(code)]));
  const data = scriptJson({
    languages,
    strings,
    lessons: lessons.map(({page, href, languages, texts, minutes, requires}) => ({
      page,
      href,
      languages,
      texts,
      minutes,
      requires: requires.filter((p) => known.has(p))
    }))
  });
  return {title: s.pageTitle, description: s.pageDescription, main, data};
}

function lessonItem(lesson: Lesson, lang: string, s: CourseStrings, byPage: Map<string, Lesson>, known: Set<string>): string {
  const text = lesson.texts[lang] ?? lesson.texts[lesson.languages[0]];
  const textLang = lesson.texts[lang] ? lang : lesson.languages[0];
  const e = escapeHtml;
  const requires = lesson.requires.filter((p) => known.has(p) && p !== lesson.page);
  const required = requires.length
    ? requires
        .map((p) => {
          const other = byPage.get(p)!;
          const otherText = other.texts[lang] ?? other.texts[other.languages[0]];
          return `<a href="${e(lessonHref(other, lang))}" data-qb-require="${e(p)}">${e(otherText.title)}</a>`;
        })
        .join(", ")
    : `<span data-qb-text="requiresNone">${e(s.requiresNone)}</span>`;
  const offered = lesson.languages
    .map((code) => `<a href="${e(lessonHref(lesson, code))}" hreflang="${e(code)}" lang="${e(code)}">${e(courseLanguageName(code))}</a>`)
    .join(" · ");
  const fact = (label: keyof CourseStrings, value: string, attributes = "") =>
    `<div${attributes}><dt data-qb-label="${label}">${e(s[label])}</dt><dd>${value}</dd></div>`;
  return `<li class="qb-lesson" data-qb-lesson="${e(lesson.page)}">
<h2 lang="${e(textLang)}" data-qb-slot="heading"><a href="${e(lessonHref(lesson, lang))}" data-qb-slot="link"><span data-qb-slot="title">${e(text.title)}</span></a></h2>
<p lang="${e(textLang)}" data-qb-slot="description">${e(text.description)}</p>
<dl class="qb-lesson-facts">
${text.goal ? fact("goal", `<span lang="${e(textLang)}" data-qb-slot="goal">${e(text.goal)}</span>`) + "\n" : ""}${lesson.minutes ? fact("time", `<span data-qb-slot="minutes">${e(s.minutes.replace("{n}", String(lesson.minutes)))}</span>`) + "\n" : ""}${fact("requires", `<span data-qb-slot="requires">${required}</span>`)}
${fact("languages", `${offered}<span class="qb-lesson-note${lesson.languages.includes(lang) ? " qb-off" : ""}" data-qb-slot="not-offered"> (${e(s.notOffered)})</span>`)}
${fact("progress", `<span data-qb-progress>${e(s.notStarted)}</span>`, ' class="qb-off" data-qb-progress-row')}
</dl>
</li>`;
}

/** The course page's own style: a lesson per card, facts as a two-column list that stacks on a phone. */
export const courseCss = `
.qb-course-brand { margin: 0.5rem 0 0 !important; font-weight: 600; color: var(--qb-muted, #596170); letter-spacing: 0.02em; }
.qb-course h1 { margin-top: 0 !important; }
.qb-course-langs { font-size: 0.95rem; }
.qb-course-langs a, .qb-lesson-facts a[hreflang] { white-space: nowrap; } /* a language's name never breaks (日本|語 at 390 px) */
.qb-course-langs a[aria-current] { font-weight: 600; text-decoration: none; color: inherit; }
.qb-course-list { list-style: none; padding: 0; counter-reset: lesson; }
.qb-lesson { counter-increment: lesson; border: 1px solid var(--qb-faint, #d9dce1); border-radius: 6px; padding: 0.75rem 1rem; margin: 0 0 1rem; }
.qb-lesson h2 { margin: 0 0 0.25rem !important; font-size: 1.25rem !important; }
.qb-lesson h2::before { content: counter(lesson) ". "; color: var(--qb-muted, #596170); }
.qb-lesson > p { margin: 0 0 0.5rem !important; }
.qb-lesson-facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; font-size: 0.95rem; }
.qb-lesson-facts > div { display: contents; }
.qb-course .qb-off { display: none; } /* shown by the course script: progress needs it, and a note only where it applies */
.qb-lesson-facts dt { font-weight: 600; color: var(--qb-muted, #596170); }
.qb-lesson-facts dd { margin: 0; }
.qb-index-list .qb-lesson-facts a { font-size: inherit; font-weight: inherit; text-decoration: underline; }
.qb-lesson-note { color: var(--qb-muted, #596170); }
@media (max-width: 520px) {
  .qb-lesson-facts { grid-template-columns: 1fr; gap: 0; }
  .qb-lesson-facts dd { margin-bottom: 0.4rem; }
}
`;
