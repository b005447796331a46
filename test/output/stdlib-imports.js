queuebook.notebook({path: "stdlib-imports.md", files: __files, cells: [
{id: "cb525a10", line: 4, column: 1, inputs: [], outputs: [], hash: "774ce446cbeb", body: () => {

}},
{id: "e427d178", line: 8, column: 1, inputs: ["Mutable"], outputs: ["M","counter"], hash: "3846dfe9e048", body: (Mutable) => {
const M = Mutable;

const counter = M(0);
return {M, counter};
}},
{id: "7cf38db7", line: 14, column: 1, inputs: ["tex"], outputs: [], autodisplay: true, hash: "485f094ba1cc", body: (tex) => (
tex`x^2`
)},
{id: "5cf44c1a", line: 18, column: 1, inputs: [], outputs: [], hash: "774ce446cbeb", body: () => {

}}
]});
