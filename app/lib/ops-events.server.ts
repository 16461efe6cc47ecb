import { log, scrub } from "./log.server";
import type { MailOutcome } from "./mail/worker.server";
import { countJob, countMail } from "./metrics.server";

/**
 * What the background work reports (ADR 22): each mail outcome and each daily job run, as a
 * log event (ids, kinds and counts only; never an address) and as metrics.
 */
export function mailOutcome(o: MailOutcome) {
  countMail(o.result, o.kind);
  const line = { event: `mail.${o.result}`, mailId: o.id, kind: o.kind, attempts: o.attempts };
  if (o.result === "sent") log().info(line, "mail sent");
  else if (o.result === "retry") log().warn({ ...line, error: scrub(o.error ?? "") }, "mail will be retried");
  else log().error({ ...line, error: scrub(o.error ?? "") }, "mail failed for good");
}

export type JobEvent =
  | { result: "start"; job: string }
  | { result: "done"; job: string; seconds: number }
  | { result: "failed"; job: string; seconds: number; error: unknown }
  | { result: "lost"; job: string };

export function jobEvent(e: JobEvent) {
  if (e.result === "done" || e.result === "failed") countJob(e.job, e.result, e.seconds);
  switch (e.result) {
    case "start":
      return log().info({ event: "job.start", job: e.job }, "daily job started");
    case "done":
      return log().info({ event: "job.done", job: e.job, ms: Math.round(e.seconds * 1000) }, "daily job finished");
    case "failed":
      return log().error({ event: "job.failed", job: e.job, ms: Math.round(e.seconds * 1000), err: e.error }, "daily job failed");
    case "lost":
      return log().warn({ event: "job.lost", job: e.job }, "daily job's claim was taken over before it finished");
  }
}
