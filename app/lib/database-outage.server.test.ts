import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-outage.server";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("knows a database that cannot be reached, restarts or cannot store anything", () => {
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("3D000", 'database "aquila" does not exist'))).toBe(true);
    expect(isDatabaseUnavailable(withCode("SQLITE_FULL"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("SQLITE_IOERR_WRITE"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("SQLITE_READONLY"))).toBe(true);
  });

  it("looks inside what wraps the error: a cause, or the attempts of a connection to each address", () => {
    expect(isDatabaseUnavailable(new Error("load failed", { cause: withCode("ECONNRESET") }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(true);
  });

  it("leaves a mistake in a query, a constraint, a busy writer and anything else alone", () => {
    expect(isDatabaseUnavailable(withCode("42601", "syntax error at or near"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("SQLITE_BUSY"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("SQLITE_CONSTRAINT_UNIQUE"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
