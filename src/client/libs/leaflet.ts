// leaflet.js: Framework's implicit `L` (Leaflet), for pages that read it or import npm:leaflet;
// leaflet.css beside it. Leaflet finds its marker images by a path read from its CSS, which a
// page opened from file:// (or an export) cannot follow: the images travel inside this chunk.
import * as leaflet from "leaflet";
import iconUrl from "leaflet/dist/images/marker-icon.png";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import shadowUrl from "leaflet/dist/images/marker-shadow.png";
import {pageApi} from "../pageApi.js";

const L = leaflet.default ?? leaflet;
L.Icon.Default.mergeOptions({iconUrl, iconRetinaUrl, shadowUrl, imagePath: ""});
pageApi().provide({L});
