queuebook.notebook({path: "file-readers.md", files: __files, cells: [
{id: "41d75758", line: 4, column: 1, inputs: ["FileAttachment"], outputs: ["rows","doc","feed","stream","name"], hash: "3ac1fc4df4c1", body: (FileAttachment) => {
const rows = FileAttachment("data/runs.csv").csv({array: true, typed: true});
const doc = FileAttachment("data/page.html").html();
const feed = FileAttachment("data/feed.xml").xml();
const stream = FileAttachment("data/runs.csv").stream();
const name = FileAttachment("data/runs.csv").name;
return {rows, doc, feed, stream, name};
}}
]});
