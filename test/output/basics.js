queuebook.notebook({path: "basics.md", files: __files, cells: [
{id: "43f00e7d", line: 9, column: 1, inputs: ["view","Inputs"], outputs: ["rate"], hash: "41184984f18c", body: (view, Inputs) => {
const rate = view(Inputs.range([1, 100], {value: 25, step: 1, label: "Rate"}));
return {rate};
}},
{id: "9f6780e8", line: 13, column: 1, inputs: ["rate"], outputs: [], autodisplay: true, hash: "04e75dba9695", body: (rate) => (
rate * 2
)},
{id: "1c4ebaa4", line: 19, column: 1, inputs: ["rate"], outputs: ["half","twice"], hash: "6ccb31d0f1c3", body: (rate) => {
const half = rate / 2;
function twice(x) {
  return x * 2;
}
return {half, twice};
}},
{id: "313eb000", line: 26, column: 1, inputs: [], outputs: ["erlangC","d3x","a","c","rest"], hash: "18e012d84e45", body: async () => {
const {erlangC} = await import("../../src/sim/formulas/queue.js");
const d3x = await import("d3-array");
const {a, b: [c, ...rest]} = {a: 1, b: [2, 3, 4]};
return {erlangC, d3x, a, c, rest};
}},
{id: "14f81af3", line: 32, column: 1, inputs: ["Plot","d3","rate","width"], outputs: [], autodisplay: true, hash: "7776fafc8971", body: (Plot, d3, rate, width) => (
Plot.lineY(d3.range(1440).map((i) => Math.sin(i / rate))).plot({width})
)},
{id: "5c10e23f", line: 16, column: 23, inline: true, inputs: ["rate"], outputs: [], autodisplay: true, hash: "a278cf2b386e", body: (rate) => (
rate * 2
)}
], modules: {"../../src/sim/formulas/queue.js": () => import("../../src/sim/formulas/queue.js"), "d3-array": () => import("d3-array")}});
