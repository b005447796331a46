queuebook.notebook({path: "anonymous-cells.md", files: __files, cells: [
{id: "08540e7c", line: 6, column: 1, inputs: [], outputs: [], autodisplay: true, hash: "9972d5b56c21", body: () => (
function() { return 42; }
)},
{id: "0a0efd06", line: 10, column: 1, inputs: [], outputs: [], autodisplay: true, hash: "3c80c11c90aa", body: () => (
class {}
)},
{id: "3e82d632", line: 14, column: 1, inputs: [], outputs: [], autodisplay: true, hash: "699f52620b3e", body: () => (
(function(x) {
  return x * 2;
})
)},
{id: "f21cacc7", line: 18, column: 1, inputs: [], outputs: ["named"], hash: "be65a9fdc593", body: () => {
function named() { return 1; }
return {named};
}}
]});
