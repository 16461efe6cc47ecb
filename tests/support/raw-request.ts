import { connect as connectSocket } from "node:net";

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * One request written by hand on its own connection, so it goes out exactly as given: any
 * method (fetch refuses TRACE and CONNECT, Node's client made-up tokens), a path URL parsing
 * would change (`/./x`, `/es/../x`), any Host (`headers.Host` replaces the server's). The
 * answer is read to the end; none within `timeoutMs` is a failure. `body` follows the headers
 * as given (its Content-Length and Content-Type are the caller's headers).
 */
export async function rawRequest(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  { timeoutMs = 20_000, body = "" } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connectSocket(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`${method} ${target}: no answer`)));
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    const lines = [`${method} ${target} HTTP/1.1`, `Host: ${headers.Host ?? `${hostname}:${port}`}`, "Connection: close"];
    for (const [k, v] of Object.entries(headers)) if (k !== "Host") lines.push(`${k}: ${v}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
  });
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const answerHeaders: Record<string, string> = {};
  for (const line of headerLines) {
    const i = line.indexOf(":");
    answerHeaders[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  let answerBody = rest.join("\r\n\r\n");
  if (answerHeaders["transfer-encoding"] === "chunked") answerBody = answerBody.replace(/(?:^|\r\n)[0-9a-f]+\r\n/gi, "");
  return { status: Number(statusLine.split(" ")[1]), headers: answerHeaders, body: answerBody };
}
