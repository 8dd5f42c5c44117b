// Browsers may call the API only from the product's own origin, unless CORS_ORIGINS names others (for
// example a partner's booking widget). No header at all is sent to any other origin.
import type { FastifyInstance } from 'fastify';

export function allowConfiguredOrigins(app: FastifyInstance, origins: string[]) {
  if (!origins.length) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Vary', 'Origin')
      .header('Access-Control-Allow-Credentials', 'true');
    if (request.method === 'OPTIONS') {
      return reply
        .status(204)
        .header('Access-Control-Allow-Methods', 'GET,POST,PATCH,DELETE')
        .header('Access-Control-Allow-Headers', 'Authorization,Content-Type')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
  });
}
