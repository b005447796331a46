// marked.js: marked for md`…`.
import {marked} from "marked";
import {pageApi} from "./pageApi.js";

pageApi().provide({marked});
