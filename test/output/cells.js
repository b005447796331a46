queuebook.notebook({path: "cells.md", files: __files, cells: [
{id: "cell-1", line: 7, column: 1, inputs: [], outputs: [], autodisplay: true, hash: "3ed16de4460e", body: () => (
{a: 1, b: 2}
)},
{id: "cell-2", line: 11, column: 1, inputs: ["FileAttachment"], outputs: ["data"], hash: "56403dd504a6", body: async (FileAttachment) => {
const data = await FileAttachment("data/runs.csv").csv({typed: true});
return {data};
}},
{id: "cell-3", line: 15, column: 1, inputs: [], outputs: ["erlangC","Plot2","def","y"], hash: "44a684d16aea", body: async () => {
const {erlangC} = await import("../../src/sim/queue.js");
const Plot2 = await import("@observablehq/plot");
const {default: def, x: y} = await import("./helper.js");
await import("./side-effect.js");
return {erlangC, Plot2, def, y};
}},
{id: "cell-4", line: 22, column: 1, inputs: ["outer","display","risky"], outputs: ["local","Box","first","third"], hash: "8f6f462c534e", body: (outer, display, risky) => {
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
{id: "cell-5", line: 33, column: 1, inputs: ["display"], outputs: [], hash: "29cd1d890adb", body: (display) => {
for (let i = 0; i < 3; ++i) display(i);
}},
{id: "cell-6", line: 37, column: 1, inputs: [], outputs: [], error: {"name":"SyntaxError","message":"Assignment to external variable \"total\"","line":37,"column":1}, hash: "eaa76b47a689"},
{id: "cell-7", line: 41, column: 1, inputs: [], outputs: ["nope"], error: {"name":"SyntaxError","message":"export is not allowed in a cell","line":41,"column":1}, hash: "97d387460dee"},
{id: "cell-8", line: 45, column: 1, inputs: [], outputs: [], error: {"name":"SyntaxError","message":"FileAttachment requires a single literal string argument","line":45,"column":1}, hash: "d5319fd804d1"},
{id: "cell-9", line: 49, column: 1, inputs: [], outputs: [], hash: "774ce446cbeb", body: () => {

}},
{id: "cell-10", line: 52, column: 1, inputs: ["x"], outputs: [], autodisplay: true, hash: "35a76517f125", body: (x) => (
// just a comment
x + 1 // trailing comment
)}
]});
