import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { en } from "~/lib/i18n/messages/en";
import { createTranslate } from "~/lib/i18n/translate";
import { forgotSchema, loginSchema, resetSchema, signUpSchema } from "~/modules/accounts/schema";
import { carRequestSchema, chauffeurContactSchema } from "~/modules/cars/schema";
import { CAR_REQUEST_TYPES } from "~/modules/cars/types";
import { contactSchema } from "~/modules/contact/schema";
import { cityRequestSchema, rentRequestSchema } from "~/modules/homes/schema";
import { serviceRequestSchema } from "~/modules/services/schema";
import { type AppServer, startAppServer } from "../support/app-server";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { withoutScripts } from "../support/html";
import { HttpClient, linkIn } from "../support/http-client";
import { SmtpSink } from "../support/smtp-sink";

/**
 * Every field a form's schema requires is announced as required, on the page as served
 * (before JavaScript): aria-required="true" on the control and a visible mark in its label;
 * and no optional field claims to be required. The schema is the one source of truth.
 */
const t = createTranslate(en, { brand: "GTA Connect" });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form schema
type Schema = z.ZodObject<any>;

const FORMS: [string, Schema][] = [
  ["/contact", contactSchema(t)],
  ["/auth/forgot", forgotSchema(t)],
  ["/auth/login", loginSchema(t)],
  ["/signup", signUpSchema(t)],
  // A live link's page (a used or unknown one says so and shows no form): made in beforeAll.
  ["/auth/reset-password", resetSchema(t) as unknown as Schema],
  ["/cars?contact", chauffeurContactSchema(t)],
  ["/homes?q=zzzqqq", cityRequestSchema(t)],
  ["/homes/h-annex-studio?rent", rentRequestSchema(t)],
  ["/services?q=zzzqqq", serviceRequestSchema(t)],
  ...CAR_REQUEST_TYPES.map((type): [string, Schema] => [`/cars/request?type=${type}`, carRequestSchema(type, t)]),
];

/** The schema's own answer: a field is required when leaving it out is refused. */
const isRequired = (schema: Schema, key: string) => !schema.shape[key]!.safeParse(undefined).success;

describe("required fields are announced as the schema says", () => {
  let database: TestDatabase;
  let server: AppServer;
  const sink = new SmtpSink();
  let resetLink = "";
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await sink.start(0);
    server = await startAppServer({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, SMTP_URL: sink.url });
    const email = `required.${Date.now()}@example.com`;
    const client = new HttpClient(server.url);
    await client.post("/signup", { name: "Req Uired", email, password: "orchard by the river", adult: "on", terms: "on" });
    await client.post("/auth/forgot", { email });
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes("/auth/reset-password?token="));
    const link = new URL(linkIn(mail.text, "/auth/reset-password?token="));
    resetLink = link.pathname + link.search;
  });
  afterAll(async () => {
    await server?.stop();
    await sink.stop();
    await database?.drop();
  });

  it.each(FORMS)("%s", async (path, schema) => {
    const url = path === "/auth/reset-password" ? resetLink : path;
    const html = withoutScripts(await (await fetch(`${server.url}${url}`)).text());
    let checked = 0;
    for (const key of Object.keys(schema.shape)) {
      const control = html.match(new RegExp(`<(input|select|textarea)\\b[^>]*\\bname="${key}"[^>]*>`))?.[0];
      if (!control || /type="hidden"/.test(control)) continue; // carried, not typed (redirectTo, token)
      checked++;
      const id = control.match(/\bid="([^"]+)"/)?.[1];
      const label = id ? html.match(new RegExp(`<label[^>]*for="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>([\\s\\S]*?)</label>`))?.[1] ?? "" : "";
      if (isRequired(schema, key)) {
        expect(control, `${path} ${key}`).toMatch(/aria-required="true"/);
        expect(label, `${path} ${key} label`).toMatch(/aria-hidden="true"[^>]*>\s*(<!-- -->)?\*|\*/);
      } else {
        expect(control, `${path} ${key} is optional`).not.toMatch(/aria-required="true"/);
      }
    }
    expect(checked, `${path}: no field of the schema found on the page`).toBeGreaterThan(0);
  });
});
