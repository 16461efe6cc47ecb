import { randomUUID } from "node:crypto";
import { enqueueEmail } from "~/lib/mail/outbox.server";
import { renderEmail } from "~/lib/mail/template.server";
import { getRuntime, mailQueued } from "~/lib/runtime.server";
import type { ContactInput } from "./schema";

/**
 * Stores a contact message and queues its email to the operator in one transaction: once the
 * visitor is told "Message Sent!", both the row and the email survive a crash.
 */
export async function submitContactMessage(input: ContactInput): Promise<{ id: string }> {
  const { db, env } = getRuntime();
  const id = randomUUID();
  const createdAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_messages")
      .values({ id, ...input, created_at: createdAt })
      .execute();
    const email = renderEmail(
      {
        subject: `[Contact] ${input.subject} – ${input.name}`,
        heading: "New contact message",
        fields: [
          { label: "Name", value: input.name },
          { label: "Email", value: input.email },
          { label: "Subject", value: input.subject },
          { label: "Message", value: input.message },
          { label: "Submitted at", value: createdAt },
        ],
      },
      env.BRAND_NAME,
    );
    await enqueueEmail(trx, { ...email, kind: "contact.operator", to: env.OPERATOR_EMAIL, replyTo: input.email });
  });
  mailQueued();
  return { id };
}
