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
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  let opened = 0;
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
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
