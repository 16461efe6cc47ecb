import { describe, expect, it } from "vitest";
import { FORM_LIMIT } from "./body-limits";
import { readForm } from "./form.server";

const post = (body: string, contentType: string) =>
  new Request("http://x/contact", { method: "POST", body, headers: { "Content-Type": contentType } });

/** The status readForm refused with (it throws React Router's `data()` responses). */
async function refusedWith(request: Request): Promise<number> {
  const error: unknown = await readForm(request, FORM_LIMIT).then(
    () => null,
    (e: unknown) => e,
  );
  if (error && typeof error === "object" && "init" in error)
    return (error as { init: { status: number } }).init.status;
  throw new Error(`not refused: ${String(error)}`, { cause: error });
}

// Found by tests/integration/fuzz.test.ts.
describe("readForm on malformed bodies", () => {
  it.each(["%G0", "name=%G0", "a=1&%=2"])(
    "refuses the url-encoded body %j with 400 instead of waiting forever",
    async (body) => {
      expect(await refusedWith(post(body, "application/x-www-form-urlencoded"))).toBe(400);
    },
  );

  it("refuses a multipart body cut off inside a file with 400, leaving no unhandled rejection behind", async () => {
    const unhandled: unknown[] = [];
    const track = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", track);
    try {
      const body =
        '--b\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc';
      const limit = { ...FORM_LIMIT, maxFiles: 1 };
      const request = new Request("http://x/homes/new", {
        method: "POST",
        body,
        headers: { "Content-Type": "multipart/form-data; boundary=b" },
      });
      const status = await readForm(request, limit).then(
        () => 0,
        (e: { init: { status: number } }) => e.init.status,
      );
      expect(status).toBe(400);
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", track);
    }
  });

  it("still reads a well-formed form", async () => {
    const form = await readForm(
      post("name=Ada&name=%C3%A9", "application/x-www-form-urlencoded"),
      FORM_LIMIT,
    );
    expect(form.getAll("name")).toEqual(["Ada", "é"]);
  });
});
