// The page's title and description in its language. A notebook's front matter gives them for its
// first language (`title`, `description`) and for the others under `translations: {hu: {title,
// description}}`; the page embeds the others as JSON (`<script type="application/json"
// id="qb-titles">`, src/site/page.ts) and each change of language sets them here.

let first: {title: string; description: string} | undefined;

/** Sets `document.title` and the description meta to `lang`'s, or back to the first language's. */
export function applyTitles(lang: string): void {
  const block = document.getElementById("qb-titles");
  if (!block) return;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  first ??= {title: document.title, description: meta?.content ?? ""};
  let titles: Record<string, {title?: unknown; description?: unknown}> = {};
  try {
    titles = JSON.parse(block.textContent ?? "{}");
  } catch {
    // a block that does not read leaves the first language's
  }
  const own = Object.hasOwn(titles, lang) ? titles[lang] : undefined;
  document.title = typeof own?.title === "string" ? own.title : first.title;
  if (meta) meta.content = typeof own?.description === "string" ? own.description : first.description;
}
