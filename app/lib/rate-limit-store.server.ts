import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { type Limit, type LimitName, type LimitResult, LIMITS } from "./rate-limit-config";

/**
 * Counters for abuse-prone actions, on rate-limiter-flexible: in process memory for one process
 * on SQLite, in PostgreSQL (the `rate_limits` table) when the app runs there, so a lockout
 * reached through one app process holds in every other.
 */
export type RateLimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool };

/** The counters of one running app: one limiter per limit, all on the same store. */
export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterMemory | RateLimiterPostgres>;
  readonly limits: Record<LimitName, Limit>;
  private readonly inPostgres: boolean;

  constructor(store: RateLimitStore, overrides: Partial<Record<LimitName, number>> = {}) {
    this.inPostgres = store.kind === "postgres";
    this.limits = Object.fromEntries(
      Object.entries(LIMITS).map(([name, l]) => [name, { ...l, limit: overrides[name as LimitName] ?? l.limit }]),
    ) as Record<LimitName, Limit>;
    this.limiters = Object.fromEntries(
      Object.entries(this.limits).map(([name, { limit, windowMs }]) => {
        const opts = { keyPrefix: name, points: limit, duration: Math.ceil(windowMs / 1000) };
        const limiter =
          store.kind === "postgres"
            ? // The table comes from our migrations (0006), in the connection's own schema.
              new RateLimiterPostgres({ ...opts, storeClient: store.pool, storeType: "pool", tableName: "rate_limits", tableCreated: true })
            : new RateLimiterMemory(opts);
        return [name, limiter];
      }),
    ) as Record<LimitName, RateLimiterMemory | RateLimiterPostgres>;
  }

  /** Counts one hit against `key`; refused once the limit is reached within the window. */
  async hit(name: LimitName, key: string): Promise<LimitResult> {
    try {
      const r = await this.limiters[name].consume(storeKey(key));
      return { allowed: true, retryAfterMs: r.msBeforeNext, remaining: r.remainingPoints };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { allowed: false, retryAfterMs: error.msBeforeNext, remaining: 0 };
      throw error;
    }
  }

  /** Is `key` at its limit right now (without counting a hit)? */
  async isLimited(name: LimitName, key: string): Promise<LimitResult> {
    const r = await this.limiters[name].get(storeKey(key));
    const limit = this.limits[name].limit;
    if (!r) return { allowed: true, retryAfterMs: 0, remaining: limit };
    return { allowed: r.consumedPoints < limit, retryAfterMs: r.msBeforeNext, remaining: Math.max(0, limit - r.consumedPoints) };
  }

  /**
   * On PostgreSQL, one hit as a part of a caller's own statement (a data-modifying CTE), so it
   * costs no round trip of its own: counted once for each row of the CTE named `source` (no row:
   * not counted), with the upsert rate-limiter-flexible's consume makes (its table, key, points
   * and expiry, which every other hit and check then reads). Its row says whether the hit was
   * within the limit. Null on the memory store: call hit().
   */
  hitInStatement(name: LimitName, key: string, source: string): RawBuilder<{ allowed: boolean }> | null {
    if (!this.inPostgres) return null;
    const { limit, windowMs } = this.limits[name];
    const now = Date.now();
    // rate-limiter-flexible's expiry: its duration is whole seconds (the constructor above).
    const expire = now + Math.ceil(windowMs / 1000) * 1000;
    return sql<{ allowed: boolean }>`insert into rate_limits (key, points, expire)
      select ${`${name}:${storeKey(key)}`}, 1, ${expire}::bigint from ${sql.table(source)}
      on conflict (key) do update set
        points = case when rate_limits.expire <= ${now}::bigint then 1 else rate_limits.points + 1 end,
        expire = case when rate_limits.expire <= ${now}::bigint then ${expire}::bigint else rate_limits.expire end
      returning points <= ${limit}::integer as allowed`;
  }

  async clear(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(storeKey(key));
  }
}

/** Keys carry typed emails: long ones are hashed so every key fits the store's column. */
const storeKey = (key: string) => (key.length > 200 ? createHash("sha256").update(key).digest("hex") : key);
