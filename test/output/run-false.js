queuebook.notebook({path: "run-false.md", files: __files, cells: [
{id: "f1cb9fb7", line: 14, column: 1, inputs: [], outputs: ["shown"], hash: "ce69816b8de5", body: () => {
const shown = "this cell runs";
return {shown};
}}
]});
