// One address tries to take every connection (issue 18.2): it holds as many idle sockets as the server lets it,
// re-opening each one the server drops, while another address asks /api/health every 100 ms. Prints how many
// connections the attacker opened and how many health checks succeeded. CAP=off compares with no share.
// node --import tsx bench/connections.ts [seconds]
import http from 'node:http';
import net from 'node:net';
import { startServer } from './lib/server.ts';

const seconds = Number(process.argv[2] ?? 20);
// CAP=off: no share per address (as before), to compare.
const server = await startServer({ MAX_CONNECTIONS_PER_IP: process.env.CAP === 'off' ? '1000' : '' });
const { port } = new URL(server.url);
let stop = false;
let opened = 0;

function attack() {
  if (stop) return;
  const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
  opened++;
  socket.on('error', () => undefined);
  socket.on('close', () => setTimeout(attack, 5));
}

const health = () =>
  new Promise<boolean>((resolve) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/health',
        localAddress: '127.0.0.2',
        agent: false,
        timeout: 2000,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });

for (let i = 0; i < 1000; i++) attack();
let ok = 0;
let checks = 0;
const times: number[] = [];
const until = Date.now() + seconds * 1000;
while (Date.now() < until) {
  checks++;
  const started = performance.now();
  if (await health()) ok++;
  times.push(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
stop = true;
console.log(
  `${seconds} s: the attacker opened ${opened} connections; health checks from another address ${ok}/${checks}, ` +
    `p50 ${Math.round(times.sort((a, b) => a - b)[Math.floor(times.length / 2)])} ms`,
);
await server.stop();
process.exit(0);
