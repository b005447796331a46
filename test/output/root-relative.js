queuebook.notebook({path: "root-relative.md", files: __files, cells: [
{id: "f2c2281f", line: 4, column: 1, inputs: [], outputs: ["two"], hash: "74f1285ff483", body: async () => {
const {two} = await import("/components/math.js");
return {two};
}},
{id: "f3f6c0d8", line: 8, column: 1, inputs: ["FileAttachment"], outputs: ["servers"], hash: "4e358ff2a5ea", body: (FileAttachment) => {
const servers = FileAttachment("/data/servers.csv").csv({typed: true});
return {servers};
}}
], modules: {"/components/math.js": () => import("/components/math.js")}});
