// marked.js: marked for md`…`.
import {marked} from "marked";

(globalThis as any).queuebook.provide({marked});
