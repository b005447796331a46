queuebook.notebook({path: "framework-fences.md", files: __files, cells: [
{id: "777d9f19", line: 4, column: 1, inputs: [], outputs: ["runs"], hash: "467a24c6fae7", body: () => {
const runs = 1;
return {runs};
}},
{id: "88ad566e", line: 8, column: 1, inputs: ["runs"], outputs: ["typed"], hash: "b1ba858225d7", body: (runs) => {
const typed = runs + 1;
return {typed};
}}
]});
