import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Live tokens stay out of the stored email (ADR 25). A reset or
 * verification email is stored with SECRET_MASK where its token goes; the token itself is
 * kept beside it encrypted (AES-256-GCM) with a key derived from AUTH_SECRET, which is never
 * in the database or its backups. The mail worker opens it only to build the message it hands
 * to SMTP, and clears it once the message is sent or given up.
 */
export const SECRET_MASK = "hidden-until-sent";

export type SecretBox = { seal: (secret: string) => string; open: (sealed: string) => string };

/** `purpose`: each use of sealed secrets gets its own key, derived from AUTH_SECRET. */
export function secretBox(authSecret: string, purpose = "mail-outbox-secret"): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", authSecret, "gta-connect", purpose, 32));
  return {
    seal: (secret) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open: (sealed) => {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Unreadable sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** The message as it is sent: the mask replaced by the token (URL-encoded: it sits in a link). */
export function unmask<T extends { text: string; html: string }>(message: T, secret: string): T {
  const value = encodeURIComponent(secret);
  return { ...message, text: message.text.split(SECRET_MASK).join(value), html: message.html.split(SECRET_MASK).join(value) };
}
