queuebook.notebook({path: "graph-errors.md", files: __files, cells: [
{id: "cda9a2db", line: 4, column: 1, inputs: [], outputs: ["a"], error: {"name":"RuntimeError","message":"circular definition: a → b → a (cells at graph-errors.md:4, graph-errors.md:8)","line":4,"column":1}, hash: "d175261f20af"},
{id: "49511093", line: 8, column: 1, inputs: [], outputs: ["b"], error: {"name":"RuntimeError","message":"circular definition: a → b → a (cells at graph-errors.md:4, graph-errors.md:8)","line":8,"column":1}, hash: "d7ef092cdad6"},
{id: "eed2ea2a", line: 12, column: 1, inputs: [], outputs: ["twice"], error: {"name":"RuntimeError","message":"\"twice\" is defined more than once (also at graph-errors.md:16)","line":12,"column":1}, hash: "9f12c9c39e8b"},
{id: "f12bfde4", line: 16, column: 1, inputs: [], outputs: ["twice"], error: {"name":"RuntimeError","message":"\"twice\" is defined more than once (also at graph-errors.md:12)","line":16,"column":1}, hash: "98c948eb5853"},
{id: "10ab9849", line: 20, column: 1, inputs: [], outputs: ["fine"], hash: "d45d2137fecf", body: () => {
const fine = 42;
return {fine};
}}
]});
