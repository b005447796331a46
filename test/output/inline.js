queuebook.notebook({path: "inline.md", files: __files, cells: [
{id: "f5011b56", line: 5, column: 12, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "75180602675c", body: () => (
({a: 1}).a
)},
{id: "c09e81f6", line: 5, column: 38, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "04c5e41dd408", body: () => (
`a${1 + 1}b`
)},
{id: "45409641", line: 5, column: 74, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "797617fe545f", body: () => (
"}"
)},
{id: "2500fa2f", line: 7, column: 16, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "f0037401b53c", body: () => (
1 + 2
)},
{id: "3447370a", line: 10, column: 13, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "02879df9df4c", body: () => (
"cell"
)},
{id: "73a5e516", line: 14, column: 12, inline: true, inputs: [], outputs: [], autodisplay: true, hash: "7ee1f6de74ab", body: () => (
40 + 2
)}
]});
