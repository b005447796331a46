queuebook.notebook({path: "tex-fence.md", files: __files, cells: [
{id: "bea06764", line: 4, column: 1, inputs: ["tex"], outputs: [], autodisplay: true, hash: "3b6e537e6304", body: (tex) => (
tex.block`\rho = \frac{\lambda}{c\,\mu} \quad\text{and}\quad P_{\text{wait}} = C(c, a)`
)},
{id: "0b9c3e12", line: 8, column: 1, inputs: [], outputs: ["c"], hash: "9b04c9e4a315", body: () => {
const c = 4;
return {c};
}},
{id: "3f145150", line: 12, column: 1, inputs: ["tex","c"], outputs: [], autodisplay: true, hash: "60ba8d0e0fad", body: (tex, c) => (
tex.block`c = ${c}`
)}
]});
