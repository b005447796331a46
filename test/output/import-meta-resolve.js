queuebook.notebook({path: "import-meta-resolve.md", files: __files, cells: [
{id: "3bb80416", line: 4, column: 1, inputs: ["FileAttachment"], outputs: ["us"], hash: "0189e1bfe4f3", body: (FileAttachment) => {
const us = fetch(FileAttachment("npm:us-atlas@3/counties-10m.json").href).then((r) => r.json());
return {us};
}},
{id: "c0e742c3", line: 8, column: 1, inputs: ["FileAttachment"], outputs: [], autodisplay: true, hash: "2f26773c6903", body: (FileAttachment) => (
FileAttachment("./data/servers.csv").href
)},
{id: "33e6b85e", line: 12, column: 1, inputs: ["FileAttachment"], outputs: ["url"], hash: "796576d09575", body: (FileAttachment) => {
const url = FileAttachment("npm:@scope/pkg/file.txt").href;
return {url};
}},
{id: "3e9e275b", line: 16, column: 1, inputs: ["FileAttachment"], outputs: ["later"], hash: "0bca44ddbea1", body: (FileAttachment) => {
function later() { return FileAttachment("./data/later.json").href; }
return {later};
}},
{id: "f6a92c2b", line: 20, column: 1, inputs: [], outputs: [], error: {"name":"SyntaxError","message":"import.meta.resolve requires a single literal string argument (\"npm:us-atlas@3/counties-10m.json\" or \"./data.json\"): the file is embedded at build time","line":20,"column":1}, hash: "ee088a02f214"}
]});
