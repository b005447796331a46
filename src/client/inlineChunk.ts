// A chunk an exported page carries inline (`<script type="text/x-queuebook-chunk">`), read when it
// is used: the editor on the first edit, the libraries the cells use (`data-qb-load="page"`)
// before the cells are first defined (src/client/chunks.ts). Each is stored deflated and
// base64-encoded (`data-encoding="deflate-raw-base64"`, src/site/export.ts): the editor's 874 KB
// of script become about 350 KB of page, and DecompressionStream inflates it in the browser,
// also from file://.

/** The chunk's source: its text as written, or inflated when the element says it is deflated. */
export async function inlineChunkText(element: Element): Promise<string> {
  const text = element.textContent ?? "";
  if (element.getAttribute("data-encoding") !== "deflate-raw-base64") return text;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}
