/**
 * What a verification link's token says (a JWT better-auth signed): the address it verifies, the
 * account it is bound to, for a change of address `updateTo`, and when it was issued (seconds).
 * Read without checking the signature, so only to choose what to say or send, or to refuse,
 * never to grant anything (better-auth checks it when the link is used).
 */
export function verificationClaims(token: string): { email?: string; updateTo?: string; userId?: string; issuedAt?: number } {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
    return {
      ...(typeof payload.email === "string" ? { email: payload.email } : {}),
      ...(typeof payload.updateTo === "string" ? { updateTo: payload.updateTo } : {}),
      ...(typeof payload.userId === "string" ? { userId: payload.userId } : {}),
      ...(typeof payload.iat === "number" ? { issuedAt: payload.iat } : {}),
    };
  } catch {
    return {};
  }
}
