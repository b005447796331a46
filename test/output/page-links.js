queuebook.notebook({path: "page-links.md", files: __files, cells: [

]});
