// arrow.js: Framework's implicit `Arrow` (Apache Arrow), for pages that read it, import
// npm:apache-arrow, or call FileAttachment(…).arrow().
import * as Arrow from "apache-arrow";
import {pageApi} from "../pageApi.js";

pageApi().provide({Arrow});
