queuebook.notebook({path: "graph-errors.md", files: __files, cells: [
{id: "cda9a2db", line: 4, column: 1, inputs: [], outputs: ["a"], error: {"name":"RuntimeError","message":"circular definition: a → b → a (cells at graph-errors.md:4, graph-errors.md:8)","line":4,"column":1}, hash: "d175261f20af"},
{id: "49511093", line: 8, column: 1, inputs: [], outputs: ["b"], error: {"name":"RuntimeError","message":"circular definition: a → b → a (cells at graph-errors.md:4, graph-errors.md:8)","line":8,"column":1}, hash: "d7ef092cdad6"},
{id: "eed2ea2a", line: 12, column: 1, inputs: [], outputs: ["twice"], hash: "34bd154698a8", body: () => {
const twice = 1;
return {twice};
}},
{id: "f12bfde4", line: 16, column: 1, inputs: [], outputs: ["twice"], hash: "703d157a5d3e", body: () => {
const twice = 2;
return {twice};
}},
{id: "10ab9849", line: 20, column: 1, inputs: [], outputs: ["fine"], hash: "d45d2137fecf", body: () => {
const fine = 42;
return {fine};
}}
]});
