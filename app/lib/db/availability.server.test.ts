import { describe, expect, it } from "vitest";
import { DatabaseHealth, DatabaseUnavailableError } from "./availability.server";

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
const wrapped = (cause: Error) => new DatabaseUnavailableError(cause.message, { cause });

describe("DatabaseHealth on PostgreSQL (a probe)", () => {
  it("keeps admitting queries after one connection the server closed: the pool replaces it", () => {
    for (const lost of [
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("read ECONNRESET", "ECONNRESET"),
      withCode("Connection terminated unexpectedly"),
      withCode("Client has encountered a connection error and is not queryable"),
    ]) {
      const health = new DatabaseHealth(async () => undefined);
      health.failed(wrapped(lost));
      expect(health.admit(), lost.message).toBe(true);
      expect(health.downSince, lost.message).toBeUndefined();
      health.stop();
    }
  });

  it("refuses queries at once while the database itself does not answer", () => {
    for (const down of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("the database system is starting up", "57P03"),
      withCode("Connection terminated due to connection timeout"),
      withCode("timeout exceeded when trying to connect"),
      withCode("Query read timeout"),
    ]) {
      const health = new DatabaseHealth(async () => new Promise(() => undefined));
      health.failed(wrapped(down));
      expect(health.admit(), down.message).toBe(false);
      health.stop();
    }
  });
});
