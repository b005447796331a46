queuebook.notebook({path: "npm-imports.md", files: __files, cells: [
{id: "e7d8c39e", line: 4, column: 1, inputs: ["FileAttachment"], outputs: ["Plot","version","FA"], hash: "7dbd9ec5534d", body: async (FileAttachment) => {
const Plot = await import("@observablehq/plot");
const {version} = await import("some-package/dist/index.js");
const FA = FileAttachment;
return {Plot, version, FA};
}},
{id: "16967093", line: 10, column: 1, inputs: [], outputs: ["d3"], hash: "fdd125fe9c2c", body: async () => {
const d3 = await import("npm:d3");
return {d3};
}},
{id: "860821df", line: 14, column: 1, inputs: ["FileAttachment"], outputs: ["url"], hash: "7eb62fe806af", body: (FileAttachment) => {
const url = FileAttachment("npm:d3").href;
return {url};
}}
], modules: {"some-package/dist/index.js": () => import("some-package/dist/index.js")}});
