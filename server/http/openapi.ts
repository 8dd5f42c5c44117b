// The OpenAPI document at /api/docs: @fastify/swagger's options. Each operation takes its operationId and
// summary from its call in the contract (shared/contract/operations.ts), and its security from the access its
// route declares, the table the access check enforces (server/auth/staff-guard.ts): a public route
// `security: []`, a staff route the bearer scheme with the roles that may call it in its description, and a
// public route that does more for staff (staffAccess) either.
import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { apiOperations } from '../../shared/contract/index.ts';
import { type Access, CAPABILITIES, type Capability } from '../../shared/roles.ts';
import { openApiTransform } from './validation.ts';

const operations = new Map(
  apiOperations().map((operation) => [`${operation.method} ${operation.path}`, operation]),
);

const rolesOf = (capability: Capability) => `${CAPABILITIES[capability].join(', ')} (\`${capability}\`)`;

type Security = Record<string, string[]>[];

/** Who may call a route, as OpenAPI says it. */
export function securityOf(
  access: Access | undefined,
  staffAccess?: Capability,
): { security: Security; description: string } {
  if (access === 'public' && staffAccess)
    return {
      security: [{}, { bearer: [] }],
      description: `Public. Staff signed in as ${rolesOf(staffAccess)} may call it with their token.`,
    };
  if (access === 'public') return { security: [], description: 'Public: no sign-in.' };
  if (access) return { security: [{ bearer: [] }], description: `Staff: ${rolesOf(access)}.` };
  return { security: [{ bearer: [] }], description: 'Open to no one.' };
}

function describeOperation(route: RouteOptions) {
  const operation = operations.get(`${[route.method].flat()[0]} ${route.url}`);
  if (!operation) return {};
  const { security, description } = securityOf(route.config?.access, route.config?.staffAccess);
  return { operationId: operation.operationId, summary: operation.summary, security, description };
}

export const swaggerOptions: SwaggerOptions = {
  openapi: {
    info: { title: 'Rihla API', description: 'Intercity bus ticketing for Sudan', version: '1.0.0' },
    // The paths begin with /api: the server is the one that serves this document.
    servers: [{ url: '/', description: 'The server of this document' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  },
  transform: (document) => {
    const { schema, url } = openApiTransform(document);
    return { schema: { ...schema, ...describeOperation(document.route) }, url };
  },
};
