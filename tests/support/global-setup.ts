import { postgresRuns, requires } from "./requires";

/**
 * Before any file: the data tests run on PostgreSQL only with TEST_DATABASE_URL
 * (db/test-databases.ts). Without it that half is named once here, or in CI the run stops.
 */
export default function setup() {
  requires(postgresRuns, "postgres");
}
