// A small HTTP server a test starts in place of something outside the product (an SMS provider, the phone
// app of SMS Gateway for Android): on loopback only, on a free port, closed with its open connections.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on 127.0.0.1 on a free port; answers the server's URL (with `path`). */
export async function listenOnLoopback(server: http.Server, path = '/'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
}

/** Closes the server and the connections it still holds (a held answer, a keep-alive socket). */
export function closeLoopback(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
