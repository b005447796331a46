queuebook.notebook({path: "stdlib-builtin-names.md", files: __files, cells: [
{id: "1fdc1fb3", line: 4, column: 1, inputs: [], outputs: ["erlangC","servers"], hash: "506699e0b98d", body: async () => {

const {erlangC} = await import("../../src/sim/formulas/queue.js");
const servers = 4;
return {erlangC, servers};
}},
{id: "d8ef1d96", line: 10, column: 1, inputs: ["servers","html"], outputs: ["h"], hash: "67ab821fcb78", body: (servers, html) => {
const h = html;
h`<b>${servers}</b>`
return {h};
}},
{id: "fa830a78", line: 15, column: 1, inputs: ["md","servers"], outputs: [], autodisplay: true, hash: "6ae73a9f7be0", body: (md, servers) => (
md`**${servers}** servers`
)},
{id: "ba853cdc", line: 19, column: 1, inputs: [], outputs: [], hash: "774ce446cbeb", body: () => {

}}
], modules: {"../../src/sim/formulas/queue.js": () => import("../../src/sim/formulas/queue.js")}});
