// A lean HTTP client for load generators that share the machine with the server: node:http over kept-alive
// connections and request bodies built as one Buffer, so that the generator takes as little of the CPU it is
// measuring as possible (fetch and FormData cost ~3 ms of CPU per booking, a quarter of a booking's total).
// Answers are decoded as a browser would (brotli or gzip) and parsed as JSON.
import http from 'node:http';
import zlib from 'node:zlib';

export interface LightResponse {
  status: number;
  body: any;
}

export class LightClient {
  private readonly agent: http.Agent;
  private readonly origin: URL;

  /** `localAddress`: the address to connect from (another 127.x address plays another client on loopback). */
  constructor(
    url: string,
    connections: number,
    private readonly localAddress?: string,
  ) {
    this.origin = new URL(url);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  request(
    method: string,
    path: string,
    body: Buffer,
    headers: Record<string, string>,
  ): Promise<LightResponse> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent: this.agent,
          host: this.origin.hostname,
          port: this.origin.port,
          localAddress: this.localAddress,
          method,
          path,
          headers: { ...headers, 'content-length': String(body.length), 'accept-encoding': 'br, gzip' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            let raw = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            if (encoding === 'br') raw = zlib.brotliDecompressSync(raw);
            else if (encoding === 'gzip') raw = zlib.gunzipSync(raw);
            try {
              resolve({ status: response.statusCode ?? 0, body: JSON.parse(raw.toString()) });
            } catch (error) {
              reject(error as Error);
            }
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
