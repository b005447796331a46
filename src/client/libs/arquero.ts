// arquero.js: Framework's implicit `aq` (Arquero), for pages that read it or import npm:arquero.
import * as aq from "arquero";

(globalThis as any).queuebook.provide({aq});
