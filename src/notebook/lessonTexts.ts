// A lesson's title, description and goal in each language it offers, from its front matter
// (`title`, `description`, `goal` for the first language; `translations: {hu: {title, …}}` for
// the others). Browser-safe: the course page, the page's titles and a lesson in JupyterLab
// (src/client/jupyter/frame.ts) read the same.

/** A lesson's texts in one language. */
export interface LessonTexts {
  title: string;
  description: string;
  goal: string;
}

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** A lesson's texts per language: `title`/`description`/`goal` for the first, `translations: {hu: {title, …}}` for the others. */
export function lessonTexts(
  data: Record<string, unknown>,
  base: {title: string; description: string},
  languages: readonly string[]
): Record<string, LessonTexts> {
  const first = {title: base.title, description: base.description, goal: isText(data.goal) ? data.goal : ""};
  const texts: Record<string, LessonTexts> = {[languages[0] ?? "en"]: first};
  const translations = data.translations;
  if (!translations || typeof translations !== "object" || Array.isArray(translations)) return texts;
  for (const lang of languages.slice(1)) {
    const entry = (translations as Record<string, unknown>)[lang];
    if (!entry || typeof entry !== "object") continue;
    const {title, description, goal} = entry as Record<string, unknown>;
    texts[lang] = {
      title: isText(title) ? title : first.title,
      description: isText(description) ? description : first.description,
      goal: isText(goal) ? goal : first.goal
    };
  }
  return texts;
}
