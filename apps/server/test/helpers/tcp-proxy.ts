// A TCP proxy on 127.0.0.1 that a test can cut and restore, to play a database restart or a network outage.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones, as a stopped server does. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const newServer = () =>
    createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  let server = newServer();
  const port = await listen(server, 0);
  let listening = true;
  return {
    port,
    async cut() {
      if (!listening) return;
      listening = false;
      await stop(server);
    },
    async restore() {
      if (listening) return;
      server = newServer();
      await listen(server, port);
      listening = true;
    },
    async close() {
      if (listening) await stop(server);
      listening = false;
    },
  };
}

/** A proxy in front of the PostgreSQL server of `connectionString`, and the same address through it. */
export async function proxyDatabaseUrl(
  connectionString: string,
): Promise<{ proxy: TcpProxy; url: string }> {
  const url = new URL(connectionString);
  const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.toString() };
}
