import { describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { describeReport, runCrashTest, SUBMISSION_KINDS } from "../support/crash-run";

/**
 * Issue 17: SIGKILL the server at random moments, at least 20 times, under a mix of
 * submissions; every acknowledged one survives with its emails, every email is delivered
 * exactly once per outbox row (by Message-ID), and the SQLite file stays sound.
 * tests/support/crash-run.ts does the work; `npm run test:crash` runs it on its own.
 */
describe.each(DIALECTS)("crash test on %s", (dialect) => {
  it(
    "keeps every acknowledged submission and delivers every queued email through 20+ SIGKILLs",
    async () => {
      const report = await runCrashTest({ dialect });
      console.log(describeReport(report));

      expect(report.problems).toEqual([]);
      expect(report.kills).toBeGreaterThanOrEqual(20);
      // Not a test that asserts nothing: every kind was acknowledged at least once under fire.
      for (const kind of SUBMISSION_KINDS) expect(report.acknowledged[kind], kind).toBeGreaterThan(0);
      expect(report.outboxRows).toBeGreaterThan(0);
      if (dialect === "sqlite") expect(report.integrity.every((r) => r === "ok") && report.integrity.length > 0).toBe(true);
    },
    // A bound, not a measure: ~2 minutes per dialect on a quiet 2-core box, 5–6 on a crowded one.
    600_000,
  );
});
