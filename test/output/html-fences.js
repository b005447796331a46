queuebook.notebook({path: "html-fences.md", files: __files, cells: [
{id: "6fe3a20a", line: 4, column: 1, inputs: [], outputs: ["n"], hash: "1a56ce95bc0b", body: () => {
const n = 3;
return {n};
}},
{id: "0e82e43c", line: 8, column: 1, inputs: ["html","n"], outputs: [], autodisplay: true, hash: "bf7f44e992e3", body: (html, n) => (
html`<p class="note">There are <b>${n}</b> servers; a backtick ${'`'} and a \backslash stay.</p>`
)},
{id: "8194b0e0", line: 12, column: 1, inputs: ["svg","n"], outputs: [], autodisplay: true, hash: "b636eb05cb54", body: (svg, n) => (
svg`<svg width="60" height="20"><circle cx="10" cy="10" r="${n * 2}"></circle></svg>`
)},
{id: "6ae9b3a7", line: 16, column: 1, inputs: ["html"], outputs: [], autodisplay: true, hash: "e0bb90a42481", body: (html) => (
html`<ul>${[1, 2].map((i) => html`<li>${i}</li>`)}</ul>`
)}
]});
