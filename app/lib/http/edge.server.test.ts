import { describe, expect, it } from "vitest";
import { isOwnHost } from "./edge.server";

/** Which hosts a request may be made to (issue 47, item 7): PUBLIC_URL's, and this machine's own names at its port. */
describe("isOwnHost", () => {
  const site = { publicUrl: "https://gta.example", listeningPort: 3000 };
  const local = { publicUrl: "http://localhost:3000", listeningPort: 3000 };
  const cluster = { publicUrl: "http://localhost:8080", listeningPort: 3001 };

  it.each([
    [site, "https://gta.example"],
    [site, "http://gta.example"], // a proxy speaking http for the https site
    [site, "http://GTA.example"],
    [site, "https://gta.example:443"],
    [site, "http://127.0.0.1:3000"], // the machine itself (a health check, a local script)
    [local, "http://localhost:3000"],
    [local, "http://127.0.0.1:3000"],
    [local, "http://[::1]:3000"],
    [cluster, "http://127.0.0.1:8080"], // nginx on this machine passes the visitor's Host
    [cluster, "http://localhost:3001"],
  ])("%o takes %s", (own, origin) => {
    expect(isOwnHost(origin, own)).toBe(true);
  });

  it.each([
    [site, "https://evil.example"],
    [site, "https://gta.example.evil.example"],
    [site, "https://sub.gta.example"],
    [site, "https://gta.example:8443"],
    [site, "http://127.0.0.1"], // this machine, but not at the port the server listens on
    [site, "http://127.0.0.1:8080"], // PUBLIC_URL is not on this machine: its port means nothing here
    [site, "http://10.0.0.5:3000"],
    [local, "http://localhost:3001"],
    [local, "http://0.0.0.0:3000"],
    [cluster, "http://localhost:9090"],
    [site, "not a url"],
  ])("%o refuses %s", (own, origin) => {
    expect(isOwnHost(origin, own)).toBe(false);
  });
});
