import net from "node:net";

/**
 * A TCP proxy between the app and a server (PostgreSQL, SMTP) that a test can disturb: `pause`
 * stops forwarding bytes either way while keeping every connection open — a network partition
 * as the app sees it, without netem or root — and `latencyMs` delays every chunk each way (a
 * distant database). Bytes held while paused go through on `resume`, unless their connection
 * was closed meanwhile (a client that gave up).
 */
export type TcpProxy = {
  port: number;
  /** The target's URL with its host and port replaced by the proxy's. */
  url: (targetUrl: string) => string;
  pause: () => void;
  resume: () => void;
  latencyMs: number;
  /** Connections opened through the proxy so far. */
  connections: () => number;
  /**
   * Round trips so far: on each connection, every time the client sends after the server last
   * spoke (or first). A request that waits for each answer before its next statement costs one
   * per statement; statements sent together cost one.
   */
  roundTrips: () => number;
  /**
   * The SQL the client sent, in order, read from PostgreSQL's wire protocol (Query and Parse
   * messages); empty for other protocols. For a person reading where round trips go.
   */
  statements: () => string[];
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  let opened = 0;
  let trips = 0;
  const sent: string[] = [];
  const links = new Set<() => void>();
  const sockets = new Set<net.Socket>();

  /** One direction of one connection: chunks in order, each due `latencyMs` after it came. */
  const forward = (from: net.Socket, to: net.Socket) => {
    const queue: { chunk: Buffer; due: number }[] = [];
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      while (!paused && queue.length > 0 && !to.destroyed) {
        const wait = queue[0]!.due - Date.now();
        if (wait > 0) {
          timer = setTimeout(flush, wait);
          return;
        }
        to.write(queue.shift()!.chunk);
      }
    };
    from.on("data", (chunk: Buffer) => {
      queue.push({ chunk, due: Date.now() + proxy.latencyMs });
      if (!timer) flush();
    });
    links.add(flush);
    const end = () => {
      links.delete(flush);
      clearTimeout(timer);
      queue.length = 0;
      to.destroy();
    };
    from.on("close", end);
    from.on("error", end);
  };

  const server = net.createServer((client) => {
    opened++;
    const upstream = net.connect(target.port, target.host);
    let clientsTurn = false;
    client.on("data", (chunk: Buffer) => {
      if (!clientsTurn) trips++;
      clientsTurn = true;
      sent.push(...postgresStatements(chunk));
    });
    upstream.on("data", () => {
      clientsTurn = false;
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  const proxy: TcpProxy = {
    port,
    url: (targetUrl) => {
      const url = new URL(targetUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const flush of links) flush();
    },
    latencyMs: 0,
    connections: () => opened,
    roundTrips: () => trips,
    statements: () => [...sent],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}

/**
 * The SQL in a chunk of PostgreSQL frontend messages: a type byte, a 4-byte length, a body; a
 * simple Query ('Q') holds its SQL, a Parse ('P') a statement name then the SQL. The start-up
 * message has no type byte and is skipped; a message split across chunks is missed (this is
 * for reading, not for counting).
 */
function postgresStatements(chunk: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  while (at + 5 <= chunk.length) {
    const type = String.fromCharCode(chunk[at]!);
    const length = chunk.readInt32BE(at + 1);
    if (length < 4 || !/[A-Za-z]/.test(type)) break;
    const body = chunk.subarray(at + 5, Math.min(chunk.length, at + 1 + length));
    if (type === "Q") out.push(body.toString("utf8").replace(/\0$/, ""));
    if (type === "P") {
      const nameEnd = body.indexOf(0);
      const sqlEnd = body.indexOf(0, nameEnd + 1);
      if (nameEnd >= 0) out.push(body.subarray(nameEnd + 1, sqlEnd < 0 ? undefined : sqlEnd).toString("utf8"));
    }
    at += 1 + length;
  }
  return out;
}
