import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { enErrors } from "../i18n/messages/en-errors";

/**
 * Which HTTP methods the site answers, decided once, before anything else sees the request
 * (a TRACE once answered 500 with a logged stack). Every page and resource route takes GET and
 * HEAD, pages with a form also POST; assets and public files only GET and HEAD. Everything else
 * is answered here, cleanly:
 * - OPTIONS: 204 with `Allow` (no cross-origin use: nothing else);
 * - another method of HTTP itself (RFC 9110: PUT, DELETE, TRACE, CONNECT; PATCH): 405 with `Allow`;
 * - a method HTTP does not define (WebDAV's PROPFIND, PURGE, made-up ones): 501.
 * Before this, TRACE reached React Router, whose `new Request()` throws on it: a 500 with a
 * stack trace on every URL.
 */
const PAGE_METHODS = "GET, HEAD, POST, OPTIONS";
const FILE_METHODS = "GET, HEAD, OPTIONS";
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]);

/** `isFile(path)`: the path is an asset or a public file (no form ever posts there). */
export function methodGuard(isFile: (path: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const allow = isFile(req.path) ? FILE_METHODS : PAGE_METHODS;
    const method = req.method;
    if (method === "GET" || method === "HEAD" || (method === "POST" && allow === PAGE_METHODS)) {
      // A post to a page without a form is React Router's 405; it says what the page does take.
      if (method === "POST") {
        onHeaders(res, () => {
          if (res.statusCode === 405 && !res.getHeader("Allow")) res.setHeader("Allow", "GET, HEAD, OPTIONS");
        });
      }
      return next();
    }
    res.set({ Allow: allow, "Cache-Control": "no-store" });
    // The body, if any, is not read: the connection is closed so it is not read as a request.
    if (!req.complete && (req.get("content-length") ?? "0") !== "0") res.set("Connection", "close");
    if (method === "OPTIONS") return void res.status(204).end();
    const known = HTTP_METHODS.has(method);
    res
      .status(known ? 405 : 501)
      .type("text/plain; charset=utf-8")
      .send(enErrors[known ? "error.methodNotAllowed" : "error.notImplemented"]);
  };
}

/**
 * What never reaches Express: a CONNECT (Node hands it to a `connect` listener, else drops the
 * socket without an answer) and a method Node's parser does not know at all (`FOO`: a bare
 * 400 from Node). Both get a proper answer.
 */
export function answerUnroutableMethods(server: Server, isFile: (path: string) => boolean) {
  server.on("connect", (req: { url?: string }, socket: Socket) => {
    const allow = isFile((req.url ?? "").split("?")[0]!) ? FILE_METHODS : PAGE_METHODS;
    rawAnswer(socket, 405, "Method Not Allowed", enErrors["error.methodNotAllowed"], allow);
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === "HPE_INVALID_METHOD") {
      return rawAnswer(socket, 501, "Not Implemented", enErrors["error.notImplemented"], PAGE_METHODS);
    }
    // Otherwise what Node answers without a listener (its socketOnError), with two differences
    // found by fuzzing: a kept-alive connection that already carried answers gets one too (Node
    // asks whether a response is in flight, not whether anything was ever written), and the
    // answer is flushed before the connection closes (a destroy right after a write can drop
    // it: the client saw only "other side closed").
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const status =
        error.code === "HPE_HEADER_OVERFLOW"
          ? "431 Request Header Fields Too Large"
          : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
            ? "408 Request Timeout"
            : "400 Bad Request";
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
      // Whatever the client still sends is not read; a client that never reads is cut off.
      setTimeout(() => socket.destroy(), 2_000).unref();
      return;
    }
    socket.destroy(error);
  });
}

function rawAnswer(socket: Socket, status: number, reason: string, text: string, allow: string) {
  if (!socket.writable) return socket.destroy();
  const body = Buffer.from(text);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nAllow: ${allow}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
  );
}
