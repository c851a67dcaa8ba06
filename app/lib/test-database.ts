import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "#db/test-databases";
import { setDatabaseForTests } from "./db.server";

/**
 * For a data test: a fresh database of `dialect` that `db()` uses for the whole describe block,
 * made before its tests (then `setup` runs) and dropped after them. Returns a getter, since the
 * database exists only once the block has started.
 */
export function useTestDatabase(dialect: "sqlite" | "postgres", setup?: () => Promise<void>): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    setDatabaseForTests(database);
    await setup?.();
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error("The test database exists only inside the tests of its describe block.");
    return database;
  };
}
