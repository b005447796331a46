queuebook.notebook({path: "let-twice.md", files: __files, cells: [
{id: "7afc472f", line: 6, column: 1, inputs: ["display"], outputs: ["total"], hash: "340d5e93aa5d", body: (display) => {
let total = 1;
display("first");
return {total};
}},
{id: "28eba1e0", line: 11, column: 1, inputs: ["display"], outputs: ["total"], hash: "324563e4ef26", body: (display) => {
let total = 2;
display("second");
return {total};
}},
{id: "7d32de2b", line: 16, column: 1, inputs: ["total"], outputs: [], autodisplay: true, hash: "04156fd2e8ef", body: (total) => (
total
)}
]});
