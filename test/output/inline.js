queuebook.notebook({path: "inline.md", files: __files, cells: [
{id: "inline-1", line: 5, column: 12, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "75180602675c", body: () => (
({a: 1}).a
)},
{id: "inline-2", line: 5, column: 38, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "04c5e41dd408", body: () => (
`a${1 + 1}b`
)},
{id: "inline-3", line: 5, column: 74, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "797617fe545f", body: () => (
"}"
)},
{id: "inline-4", line: 7, column: 16, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "f0037401b53c", body: () => (
1 + 2
)},
{id: "inline-5", line: 10, column: 13, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "02879df9df4c", body: () => (
"cell"
)},
{id: "inline-6", line: 14, column: 12, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "7ee1f6de74ab", body: () => (
40 + 2
)}
]});
