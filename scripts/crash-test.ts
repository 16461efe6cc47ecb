// `npm run test:crash`: the crash test on its own, with progress lines — SIGKILLs
// the production server at random moments under a mix of submissions, then checks that every
// acknowledged submission and every email survived (tests/support/crash-run.ts). Runs on SQLite,
// and on PostgreSQL too when TEST_DATABASE_URL is set. Options: --kills=N, --dialect=sqlite|postgres.
// Needs a production build (`npm run build`).
import { DIALECTS } from "../tests/support/databases";
import { describeReport, runCrashTest } from "../tests/support/crash-run";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const kills = Number(arg("kills") ?? 20);
const dialects = arg("dialect") ? [arg("dialect") as "sqlite" | "postgres"] : DIALECTS;

let failed = false;
for (const dialect of dialects) {
  const report = await runCrashTest({ dialect, kills, log: (line) => console.log(`[${dialect}] ${line}`) });
  console.log(describeReport(report));
  if (report.problems.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);
