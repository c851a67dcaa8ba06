// The SQLite driver for the Node running this process, for the server, the scripts and the tests.
//
// From Node 22 on it is better-sqlite3 13, built on Node-API with its binaries in the package.
// Node 20 takes better-sqlite3 12, since 13 does not run there. 12 is not used on later versions:
// compiled against the headers of Node 24.19 or later, it aborts the whole process
// (`Assertion failed: (env) != nullptr`) whenever V8 collects a statement at a moment with no
// JavaScript running (nodejs/node#65446), which a busy server meets within minutes.
import { createRequire } from "node:module";
import process from "node:process";

const require = createRequire(import.meta.url);

/** The package this process loads: the name `better-sqlite3-napi` stands for better-sqlite3 13. */
export const sqlitePackage = sqlitePackageFor(process.versions.node);

/** Which package a Node version loads. */
export function sqlitePackageFor(nodeVersion) {
  return Number(nodeVersion.split(".")[0]) >= 22 ? "better-sqlite3-napi" : "better-sqlite3";
}

const SQLite = require(sqlitePackage);
export default SQLite;
