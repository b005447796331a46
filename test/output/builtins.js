queuebook.notebook({path: "builtins.md", files: __files, cells: [
{id: "df0d469d", line: 4, column: 1, inputs: ["resize","html"], outputs: [], autodisplay: true, hash: "9377ba156bee", body: (resize, html) => (
resize((width) => html`<p>${width}px</p>`)
)},
{id: "10c68983", line: 8, column: 1, inputs: ["resize","svg"], outputs: [], autodisplay: true, hash: "5c080ead6802", body: (resize, svg) => (
resize((width, height) => svg`<svg width=${width} height=${height}></svg>`)
)},
{id: "69eeb32f", line: 14, column: 1, inputs: ["htl"], outputs: [], autodisplay: true, hash: "1dccb8697f14", body: (htl) => (
htl.html`<i>${typeof htl.svg}</i>`
)},
{id: "40445fc6", line: 18, column: 1, inputs: ["visibility"], outputs: ["seen"], hash: "35fedaaee0b4", body: (visibility) => {
const seen = visibility().then(() => "visible");
return {seen};
}},
{id: "db8d3a37", line: 11, column: 15, inline: true, inputs: ["dark"], outputs: [], autodisplay: true, hash: "5d47b9066772", body: (dark) => (
dark ? "dark" : "light"
)}
]});
