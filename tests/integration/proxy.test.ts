import { afterEach, describe, expect, it } from "vitest";
import { type AppServer, postForm, startAppServer } from "../support/app-server";
import { createTestDatabase } from "../support/databases";

/**
 * TRUST_PROXY decides whose address a request is from (rate limits, abuse caps). Off, a
 * client cannot escape its limit by sending X-Forwarded-For; on, each proxied visitor is
 * counted on their own address instead of the load balancer's.
 */
describe("TRUST_PROXY", () => {
  let server: AppServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  const start = async (trust: string) => {
    const database = await createTestDatabase("sqlite");
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, RATE_LIMITS: "writes=3", TRUST_PROXY: trust });
    return server;
  };
  /** Five posts, each claiming another client address; the statuses they got. */
  const postsFromFiveAddresses = async (url: string) => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await postForm(`${url}/events`, { name: "Login Click" }, { "X-Forwarded-For": `203.0.113.${i}` });
      statuses.push(res.status);
    }
    return statuses;
  };

  it("off (the default): a spoofed X-Forwarded-For does not change the rate-limit key", async () => {
    const { url, output } = await start("false");
    expect(await postsFromFiveAddresses(url)).toEqual([204, 204, 204, 429, 429]);
    expect(output()).not.toMatch(/ERR_ERL|Error/);
  });

  it("on (one proxy hop): each forwarded client has its own limit", async () => {
    const { url } = await start("1");
    expect(await postsFromFiveAddresses(url)).toEqual([204, 204, 204, 204, 204]);
    const again = [];
    for (let i = 0; i < 4; i++) again.push((await postForm(`${url}/events`, { name: "Login Click" }, { "X-Forwarded-For": "203.0.113.9" })).status);
    expect(again).toEqual([204, 204, 204, 429]);
  });
});
