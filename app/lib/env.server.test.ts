import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadDotEnv, parseEnv } from "./env.server";
import { mailDestination } from "./mail/transport.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "gta-env-"));

describe("parseEnv", () => {
  it("has working defaults for every variable", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "file:./data/app.db",
      OPERATOR_EMAIL: "hello@gtaconnect.ca",
      PUBLIC_URL: "http://localhost:3000",
      BRAND_NAME: "GTA Connect",
      // OWASP's minimum for scrypt unless a test server lowers it; never below 2^14.
      PASSWORD_HASH_COST: 17,
    });
    expect(parseEnv({ DATA_DIR: dir, PASSWORD_HASH_COST: "" }).PASSWORD_HASH_COST).toBe(17);
    expect(() => parseEnv({ DATA_DIR: dir, PASSWORD_HASH_COST: "12" })).toThrow(/PASSWORD_HASH_COST/);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.resolve(dir));
    expect(env.UPLOADS_DIR).toBe(path.join(path.resolve(dir), "uploads"));
    expect(parseEnv({ DATA_DIR: dir, UPLOADS_DIR: "./shared/uploads" }).UPLOADS_DIR).toBe(path.resolve("shared/uploads"));
  });

  it("agrees on one generated AUTH_SECRET when processes sharing DATA_DIR start together", async () => {
    const dir = dataDir();
    const { spawn } = await import("node:child_process");
    const script = `import("${path.resolve("app/lib/env.server.ts")}").then((m) => console.log(m.parseEnv({ DATA_DIR: ${JSON.stringify(dir)} }).AUTH_SECRET))`;
    const secrets = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ["--import", "tsx", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        return new Promise<string>((resolve) => child.on("exit", () => resolve(out.trim())));
      }),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(readFileSync(path.join(dir, "auth-secret"), "utf8").trim());
  }, 60_000);

  it("generates AUTH_SECRET once and keeps it in the data folder", () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(first);
  });

  it.each([
    ["PORT", { PORT: "eighty" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://localhost/db" }],
    ["SMTP_URL", { SMTP_URL: "http://mail.example.com" }],
    ["OPERATOR_EMAIL", { OPERATOR_EMAIL: "not-an-address" }],
    ["PUBLIC_URL", { PUBLIC_URL: "localhost:3000" }],
    ["AUTH_SECRET", { AUTH_SECRET: "short" }],
    ["ADMIN_PASSWORD", { ADMIN_EMAIL: "admin@example.com" }],
  ])("rejects a bad %s with a message naming it", (name, vars) => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), ...vars })).toThrow(ConfigError);
    expect(() => parseEnv({ DATA_DIR: dataDir(), ...vars })).toThrow(new RegExp(`${name}:`));
  });

  it("accepts PostgreSQL URLs and strips a trailing slash from PUBLIC_URL", () => {
    const env = parseEnv({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u@db:5432/app",
      PUBLIC_URL: "https://gtaconnect.ca/",
      AUTH_SECRET: "x".repeat(40),
    });
    expect(env.DATABASE_URL).toBe("postgres://u@db:5432/app");
    expect(env.PUBLIC_URL).toBe("https://gtaconnect.ca");
    expect(env.AUTH_SECRET).toBe("x".repeat(40));
  });

  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["1", 1],
    ["true", true],
    ["loopback, 10.0.0.0/8", "loopback, 10.0.0.0/8"],
  ])("reads TRUST_PROXY=%j as %j", (value, expected) => {
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it("refuses a TRUST_PROXY that is neither a switch, a count nor addresses", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "yes please!" })).toThrow(/TRUST_PROXY/);
  });

  it("runs every page store unless PAGE_STORES names some, and refuses a store it does not know", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).PAGE_STORES).toEqual(["anonymous", "signed-in", "kept"]);
    expect(parseEnv({ DATA_DIR: dataDir(), PAGE_STORES: "anonymous, kept" }).PAGE_STORES).toEqual(["anonymous", "kept"]);
    expect(() => parseEnv({ DATA_DIR: dataDir(), PAGE_STORES: "anonymous,everything" })).toThrow(/PAGE_STORES/);
  });

  it("reads per-deployment RATE_LIMITS by name and refuses unknown names or counts", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).RATE_LIMITS).toEqual({});
    expect(parseEnv({ DATA_DIR: dataDir(), RATE_LIMITS: "signUp=100, writes=600" }).RATE_LIMITS).toEqual({ signUp: 100, writes: 600 });
    for (const bad of ["signUp", "nope=3", "signUp=0", "signUp=-1", "signUp=lots"]) {
      expect(() => parseEnv({ DATA_DIR: dataDir(), RATE_LIMITS: bad }), bad).toThrow(/RATE_LIMITS/);
    }
  });
});

describe("loadDotEnv", () => {
  it("reads .env.example's form, and a variable already set wins", () => {
    const file = path.join(dataDir(), ".env");
    writeFileSync(file, 'PORT=4100\n# a comment\nMAIL_FROM="Shop <shop@example.com>"\nBRAND_NAME=From file\n');
    const target: NodeJS.ProcessEnv = { BRAND_NAME: "From the shell" };
    expect(loadDotEnv(file, target)).toBe(file);
    expect(target).toEqual({ PORT: "4100", MAIL_FROM: "Shop <shop@example.com>", BRAND_NAME: "From the shell" });
    expect(parseEnv({ ...target, DATA_DIR: dataDir() }).PORT).toBe(4100);
  });

  it("reads .env.example itself as valid configuration", () => {
    const target: NodeJS.ProcessEnv = { DATA_DIR: dataDir() };
    loadDotEnv(path.resolve(".env.example"), target);
    expect(target.MAIL_FROM).toBe("GTA Connect <no-reply@gtaconnect.ca>");
    expect(() => parseEnv(target)).not.toThrow();
  });

  it("does nothing without the file", () => {
    const target: NodeJS.ProcessEnv = {};
    expect(loadDotEnv(path.join(dataDir(), ".env"), target)).toBeUndefined();
    expect(target).toEqual({});
  });
});

describe("mailDestination (the start-up line)", () => {
  it("names the SMTP server without its credentials, or the folder the .eml files go to", () => {
    expect(mailDestination({ smtpUrl: "smtp://user:secret@smtp.example.com:587", dataDir: "/srv/data" })).toBe("smtp://smtp.example.com:587");
    expect(mailDestination({ dataDir: "/work/app/data" }, "/work/app")).toBe("./data/mail (.eml files; SMTP_URL unset)");
    expect(mailDestination({ dataDir: "/srv/data" }, "/work/app")).toBe("/srv/data/mail (.eml files; SMTP_URL unset)");
  });
});
