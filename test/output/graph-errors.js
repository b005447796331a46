queuebook.notebook({path: "graph-errors.md", files: __files, cells: [
{id: "cell-1", line: 4, column: 1, inputs: [], outputs: ["a"], error: {"name":"RuntimeError","message":"circular definition: a → b → a (cells at graph-errors.md:4, graph-errors.md:8) (graph-errors.md:4:1)","line":4,"column":1}, hash: "7a47f177521a"},
{id: "cell-2", line: 8, column: 1, inputs: [], outputs: ["b"], error: {"name":"RuntimeError","message":"circular definition: a → b → a (cells at graph-errors.md:4, graph-errors.md:8) (graph-errors.md:8:1)","line":8,"column":1}, hash: "13201614614c"},
{id: "cell-3", line: 12, column: 1, inputs: [], outputs: ["twice"], error: {"name":"RuntimeError","message":"\"twice\" is defined more than once (also at graph-errors.md:16) (graph-errors.md:12:1)","line":12,"column":1}, hash: "290343381ac5"},
{id: "cell-4", line: 16, column: 1, inputs: [], outputs: ["twice"], error: {"name":"RuntimeError","message":"\"twice\" is defined more than once (also at graph-errors.md:12) (graph-errors.md:16:1)","line":16,"column":1}, hash: "cbf06131596a"},
{id: "cell-5", line: 20, column: 1, inputs: [], outputs: ["fine"], hash: "d45d2137fecf", body: () => {
const fine = 42;
return {fine};
}}
]});
