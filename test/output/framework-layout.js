queuebook.notebook({path: "framework-layout.md", files: __files, cells: [
{id: "3f4efeb9", line: 12, column: 1, inputs: [], outputs: ["rate","errors","chart"], hash: "2bebd6435ec9", body: () => {
const rate = 4, errors = 0, chart = document.querySelector("#observablehq-main").clientWidth;
return {rate, errors, chart};
}},
{id: "417fb5d2", line: 4, column: 54, inline: true, inputs: ["rate"], outputs: [], autodisplay: true, hash: "27518b12872c", body: (rate) => (
rate
)},
{id: "04d7073f", line: 5, column: 41, inline: true, inputs: ["errors"], outputs: [], autodisplay: true, hash: "fcb59ac4664c", body: (errors) => (
errors
)},
{id: "b1ea35ca", line: 6, column: 38, inline: true, inputs: ["chart"], outputs: [], autodisplay: true, hash: "c0b1e0d461b5", body: (chart) => (
chart
)}
]});
