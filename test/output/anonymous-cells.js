queuebook.notebook({path: "anonymous-cells.md", files: __files, cells: [
{id: "cell-1", line: 6, column: 1, inputs: [], outputs: [], autodisplay: true, hash: "9972d5b56c21", body: () => (
function() { return 42; }
)},
{id: "cell-2", line: 10, column: 1, inputs: [], outputs: [], autodisplay: true, hash: "3c80c11c90aa", body: () => (
class {}
)},
{id: "cell-3", line: 14, column: 1, inputs: [], outputs: [], autodisplay: true, hash: "699f52620b3e", body: () => (
(function(x) {
  return x * 2;
})
)},
{id: "cell-4", line: 18, column: 1, inputs: [], outputs: ["named"], hash: "be65a9fdc593", body: () => {
function named() { return 1; }
return {named};
}}
]});
