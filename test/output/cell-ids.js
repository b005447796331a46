queuebook.notebook({path: "cell-ids.md", files: __files, cells: [
{id: "dd4d0b5b", line: 6, column: 1, inputs: ["display"], outputs: [], hash: "a90dd4dfe18d", body: (display) => (
display(1)
)},
{id: "dd4d0b5b-2", line: 10, column: 1, inputs: ["display"], outputs: [], hash: "a90dd4dfe18d", body: (display) => (
display(1)
)},
{id: "aef7e1dd", line: 14, column: 1, inputs: ["tex"], outputs: [], autodisplay: true, hash: "8ebf28891ab9", body: (tex) => (
tex.block`display(1)`
)},
{id: "cb514e19", line: 17, column: 11, inline: true, inputs: ["display"], outputs: [], hash: "d8594c1ecff1", body: (display) => (
display(1)
)},
{id: "cb514e19-2", line: 17, column: 35, inline: true, inputs: ["display"], outputs: [], hash: "d8594c1ecff1", body: (display) => (
display(1)
)}
]});
