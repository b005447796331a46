// What editor.js leaves out of the libraries it bundles: code the in-page compile never runs.
// - js-yaml: the page's compile re-reads the notebook as edited, but an edit never touches the
//   front matter and no cell definition depends on it (only the page's title and languages do,
//   which the page already has), so the front matter is split off by its `---` lines as always
//   and its YAML left unread (the fields come out empty). About 47 KB minified.
// - sucrase's transforms other than "typescript" (JSX, Flow, CommonJS imports, Jest, React) and
//   its options checker (ts-interface-checker): the editor calls sucrase with one fixed option
//   set (src/client/editor/typescript.ts), so these are never constructed. About 57 KB minified.
// Each stand-in throws if it is ever reached, so a change of those options fails loudly.

/** The sucrase modules (by path inside its dist/esm) replaced, with the stand-in's exports. */
const sucraseStandIns = {
  "transformers/JSXTransformer.js": `export default Unused; export function startsWithLowerCase(s) { const c = s.charCodeAt(0); return c >= 97 && c <= 122; }`,
  "transformers/CJSImportTransformer.js": "export default Unused;",
  "transformers/FlowTransformer.js": "export default Unused;",
  "transformers/JestHoistTransformer.js": "export default Unused;",
  "transformers/ReactDisplayNameTransformer.js": "export default Unused;",
  "transformers/ReactHotLoaderTransformer.js": "export default Unused;",
  "CJSImportProcessor.js": "export default Unused;",
  "Options.js": "export function validateOptions() {}"
};

const unused = `class Unused { constructor() { throw new Error("editor.js: this sucrase transform is left out of the editor (build/editorSlim.js)"); } }\n`;

/** The esbuild plugin for the editor.js entry only (the build's own compiler keeps everything). */
export function editorSlim() {
  return {
    name: "queuebook-editor-slim",
    setup(build) {
      build.onResolve({filter: /^js-yaml$/}, () => ({path: "js-yaml", namespace: "queuebook-slim"}));
      build.onLoad({filter: /^js-yaml$/, namespace: "queuebook-slim"}, () => ({
        contents: "export function load() { return {}; }",
        loader: "js"
      }));
      build.onLoad({filter: /[\\/]sucrase[\\/]dist[\\/]esm[\\/]/}, (args) => {
        const inside = args.path.split(/[\\/]sucrase[\\/]dist[\\/]esm[\\/]/)[1].replaceAll("\\", "/");
        const standIn = sucraseStandIns[inside];
        return standIn === undefined ? undefined : {contents: unused + standIn, loader: "js"};
      });
    }
  };
}
