// lodash.js: Framework's implicit `_` (lodash), for pages that read it or import npm:lodash.
import _ from "lodash";
import {pageApi} from "../pageApi.js";

pageApi().provide({_});
