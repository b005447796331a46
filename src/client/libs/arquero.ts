// arquero.js: Framework's implicit `aq` (Arquero), for pages that read it or import npm:arquero.
import * as aq from "arquero";
import {pageApi} from "../pageApi.js";

pageApi().provide({aq});
