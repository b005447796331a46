queuebook.notebook({path: "cells.md", files: __files, cells: [
{id: "1b125fe0", line: 7, column: 1, inputs: [], outputs: [], autodisplay: true, hash: "3ed16de4460e", body: () => (
{a: 1, b: 2}
)},
{id: "f42e93c4", line: 11, column: 1, inputs: ["FileAttachment"], outputs: ["data"], hash: "56403dd504a6", body: async (FileAttachment) => {
const data = await FileAttachment("data/runs.csv").csv({typed: true});
return {data};
}},
{id: "3261fce6", line: 15, column: 1, inputs: [], outputs: ["erlangC","Plot2","def","y"], hash: "45d29c31b4fc", body: async () => {
const {erlangC} = await import("../../src/sim/formulas/queue.js");
const Plot2 = await import("@observablehq/plot");
const {default: def, x: y} = await import("./helper.js");
await import("./side-effect.js");
return {erlangC, Plot2, def, y};
}},
{id: "ece2158a", line: 22, column: 1, inputs: ["outer","display","risky"], outputs: ["local","Box","first","third"], hash: "8f6f462c534e", body: (outer, display, risky) => {
function local(n) {
  const inner = n + outer;
  return inner * Math.PI;
}
class Box {}
let [first, , third = 3] = [1, 2];
for (const k of [1]) display(k);
try { risky(); } catch (e) { display(e); }
return {local, Box, first, third};
}},
{id: "1271e674", line: 33, column: 1, inputs: ["display"], outputs: [], hash: "29cd1d890adb", body: (display) => {
for (let i = 0; i < 3; ++i) display(i);
}},
{id: "53b102bd", line: 37, column: 1, inputs: [], outputs: [], error: {"name":"SyntaxError","message":"Assignment to external variable \"total\"","line":37,"column":1}, hash: "eaa76b47a689"},
{id: "baadd1e3", line: 41, column: 1, inputs: [], outputs: ["nope"], error: {"name":"SyntaxError","message":"export is not allowed in a cell","line":41,"column":1}, hash: "97d387460dee"},
{id: "74a9e929", line: 45, column: 1, inputs: [], outputs: [], error: {"name":"SyntaxError","message":"FileAttachment requires a single literal string argument","line":45,"column":1}, hash: "d5319fd804d1"},
{id: "b541871d", line: 49, column: 1, inputs: [], outputs: [], hash: "774ce446cbeb", body: () => {

}},
{id: "5c4b28dc", line: 52, column: 1, inputs: ["x"], outputs: [], autodisplay: true, hash: "35a76517f125", body: (x) => (
// just a comment
x + 1 // trailing comment
)}
], modules: {"../../src/sim/formulas/queue.js": () => import("../../src/sim/formulas/queue.js"), "./helper.js": () => import("./helper.js"), "./side-effect.js": () => import("./side-effect.js")}});
