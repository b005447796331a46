queuebook.notebook({path: "html-blocks.md", files: __files, cells: [
{id: "d1d4aa15", line: 4, column: 1, inputs: [], outputs: ["title"], hash: "89a7bbf66ea4", body: () => {
const title = "Queues";
return {title};
}},
{id: "52850ad4", line: 8, column: 9, inline: true, inputs: ["title"], outputs: [], autodisplay: true, hash: "0cda9d0dd4e9", body: (title) => (
title
)},
{id: "1100f85a", line: 9, column: 8, inline: true, inputs: ["title"], outputs: [], autodisplay: true, hash: "09699f704e1b", body: (title) => (
title.length
)}
]});
