import SQLite from "better-sqlite3";

/** better-sqlite3 13 keeps 12's interface, which these types describe. */
export default SQLite;
export declare const sqlitePackage: "better-sqlite3" | "better-sqlite3-napi";
export declare function sqlitePackageFor(nodeVersion: string): "better-sqlite3" | "better-sqlite3-napi";
