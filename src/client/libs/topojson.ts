// topojson.js: Framework's implicit `topojson` (topojson-client), for pages that read it or import npm:topojson-client.
import * as topojson from "topojson-client";
import {pageApi} from "../pageApi.js";

pageApi().provide({topojson});
