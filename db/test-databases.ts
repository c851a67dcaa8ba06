import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "./client.server";

/**
 * The databases every data test runs against: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Each test file gets its own fresh database.
 */
export const testDialects: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "aquila-test-"));
    const url = path.join(dir, "test.sqlite");
    const handle = createDatabase(url);
    await migrateToLatest(handle.db);
    return {
      ...handle,
      url,
      async drop() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `aquila_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase(url.toString());
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
