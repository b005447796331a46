queuebook.notebook({path: "syntax-error.md", files: __files, cells: [
{id: "a863d059", line: 4, column: 1, inputs: [], outputs: ["ok"], hash: "5f67f4ebf3a1", body: () => {
const ok = 1;
return {ok};
}},
{id: "bbf105aa", line: 8, column: 1, inputs: [], outputs: ["broken"], error: {"name":"SyntaxError","message":"Unexpected token","line":8,"column":21}, hash: "32f02deb9083"},
{id: "9fd54729", line: 12, column: 1, inputs: [], outputs: ["typed"], error: {"name":"SyntaxError","message":"Unexpected \";\"","line":12,"column":23}, hash: "eaba46ea5e84"},
{id: "d92af038", line: 18, column: 1, inputs: ["broken"], outputs: [], autodisplay: true, hash: "443ed7035568", body: (broken) => (
broken * 2
)},
{id: "51f8050a", line: 15, column: 18, inline: true, inputs: [], outputs: [], error: {"name":"SyntaxError","message":"Unexpected token","line":15,"column":22}, hash: "63450e3859f9"}
]});
