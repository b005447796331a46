queuebook.notebook({path: "syntax-error.md", files: __files, cells: [
{id: "cell-1", line: 4, column: 1, inputs: [], outputs: ["ok"], hash: "5f67f4ebf3a1", body: () => {
const ok = 1;
return {ok};
}},
{id: "cell-2", line: 8, column: 1, inputs: [], outputs: ["broken"], error: {"name":"SyntaxError","message":"Unexpected token (syntax-error.md:8:21)","line":8,"column":21}, hash: "a17b189b0696"},
{id: "cell-3", line: 12, column: 1, inputs: [], outputs: ["typed"], error: {"name":"SyntaxError","message":"Unexpected \";\" (syntax-error.md:12:23)","line":12,"column":23}, hash: "353dae652bfc"},
{id: "cell-4", line: 18, column: 1, inputs: ["broken"], outputs: [], autodisplay: true, hash: "443ed7035568", body: (broken) => (
broken * 2
)},
{id: "inline-1", line: 15, column: 18, inline: true, inputs: [], outputs: [], error: {"name":"SyntaxError","message":"Unexpected token (syntax-error.md:15:22)","line":15,"column":22}, hash: "96fa566cfea3"}
]});
