queuebook.notebook({path: "framework-fences.md", files: __files, cells: [
{id: "777d9f19", line: 4, column: 1, inputs: [], outputs: ["runs"], hash: "467a24c6fae7", body: () => {
const runs = 1;
return {runs};
}},
{id: "88ad566e", line: 8, column: 1, inputs: ["runs"], outputs: ["typed"], hash: "b1ba858225d7", body: (runs) => {
const typed = runs + 1;
return {typed};
}},
{id: "bc9ebdd5", line: 24, column: 1, inputs: ["display","Inputs","sql"], outputs: [], hash: "cdd8c434fe45", body: async (display, Inputs, sql) => {
display(Inputs.table(await sql`SELECT * FROM runs`, {select: false}));
}}
]});
