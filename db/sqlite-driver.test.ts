import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import SQLite, { sqlitePackage, sqlitePackageFor } from "./sqlite-driver.mjs";

describe("the SQLite driver", () => {
  it("is better-sqlite3 12 on Node 20 and 13 (Node-API) from Node 22 on", () => {
    expect(sqlitePackageFor("20.19.0")).toBe("better-sqlite3");
    expect(sqlitePackageFor("20.20.2")).toBe("better-sqlite3");
    expect(sqlitePackageFor("22.23.3")).toBe("better-sqlite3-napi");
    expect(sqlitePackageFor("24.21.0")).toBe("better-sqlite3-napi");
    expect(sqlitePackageFor("26.12.1")).toBe("better-sqlite3-napi");
  });

  it("loads the package chosen for the Node running it, at the version that name stands for", () => {
    expect(sqlitePackage).toBe(sqlitePackageFor(process.versions.node));
    const { version } = createRequire(import.meta.url)(`${sqlitePackage}/package.json`) as { version: string };
    expect(version.split(".")[0]).toBe(sqlitePackage === "better-sqlite3" ? "12" : "13");
    const database = new SQLite(":memory:");
    try {
      database.exec("create table t (x integer)");
      const insert = database.prepare("insert into t values (?)");
      for (let i = 0; i < 1_000; i++) insert.run(i);
      expect(database.prepare("select count(*) as n from t").get()).toEqual({ n: 1_000 });
    } finally {
      database.close();
    }
  });
});
