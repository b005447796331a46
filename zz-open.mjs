import {chromium} from "playwright-core";
import {readFileSync, readdirSync} from "node:fs";
import {buildSite} from "./src/site/build.js";
