// The OpenAPI document at /api/docs/json: valid OpenAPI 3 (swagger-parser, a maintained validator), every
// route of the app in it, and each route documenting exactly the answers of its contract (shared/contract),
// which is how the contract test knows that what it checks is what the routes declare; and the request body
// its contract documents (the forms and bodies the handlers read themselves).
import SwaggerParser from '@apidevtools/swagger-parser';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  openApiTransform,
  projectingSerializerCompiler,
  zodValidatorCompiler,
} from '../../server/http/validation.ts';
import {
  apiContract,
  type ContentAnswer,
  operationIds,
  type RouteContract,
} from '../../shared/contract/index.ts';
import { CAPABILITIES, ROLES } from '../../shared/roles.ts';
import { listEndpoints } from './helpers/endpoints.ts';
import { dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: object }>;
  requestBody?: any;
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
};
type Document = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');

/** What the document should say of a contract, by the same transform the app documents routes with. */
function documented(contract: RouteContract, openapi: string) {
  const { schema } = openApiTransform({
    schema: { response: contract.responses, form: contract.form },
    url: contract.path,
    route: { method: contract.method, url: contract.path } as never,
    openapiObject: { openapi } as never,
  } as never) as { schema: { response: Record<string, any>; body?: unknown } };
  return schema;
}

const DOCS = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js'];

describe.each(dialects)('who may read the API documentation (%s)', (dialect) => {
  describe('by default: signed-in staff of any role', () => {
    const t = useTestApp(dialect);

    it('answers 401 to an anonymous caller and to a bad token, with a JSON message and no document', async () => {
      for (const url of DOCS)
        for (const headers of [{}, { authorization: 'Bearer not.a.token' }]) {
          const response = await t.app.inject({ method: 'GET', url, headers });
          expect(response.statusCode, url).toBe(401);
          expect(response.headers['content-type'], url).toMatch(/^application\/json/);
          expect(response.json().message, url).toBeTruthy();
          expect(response.body, url).not.toMatch(/openapi|swagger|getAllusers/i);
        }
    });

    it('serves every role', async () => {
      for (const role of ROLES) {
        const token =
          role === 'admin'
            ? t.token
            : await staffToken(
                t,
                { email: `${role}.docs@rihla.test`, password: 'dune-camel-lantern-48' },
                role,
              );
        for (const url of DOCS) {
          const response = await t.app.inject({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${token}` },
          });
          expect(response.statusCode, `${role} ${url}`).toBe(200);
        }
        const json = await t.app.inject({
          method: 'GET',
          url: '/api/docs/json',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(json.json().openapi, role).toMatch(/^3\./);
      }
    });
  });

  describe('with PUBLIC_API_DOCS=1: everyone', () => {
    const t = useTestApp(dialect, { env: { PUBLIC_API_DOCS: '1' }, signIn: false });

    it('answers 200 to an anonymous caller', async () => {
      for (const url of DOCS) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
      }
      const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.json().openapi).toMatch(/^3\./);
      expect(Object.keys(json.json().paths)).toContain('/api/auth/getAllusers');
    });

    it('opens nothing else: staff calls still answer 401', async () => {
      for (const url of ['/api/auth/getAllusers', '/api/dashboard/summary', '/api/activity/getAllActivity'])
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    });
  });
});

describe('OpenAPI document', () => {
  const t = useTestApp('sqlite');
  let doc: Document;

  beforeAll(async () => {
    const response = await t.staff.get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    doc = response.json();
  });

  it('is valid OpenAPI 3', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('documents every route of the app', () => {
    const missing = listEndpoints(t.app)
      .filter((e) => e.answer !== 'docs')
      .filter((e) => !doc.paths[openApiPath(e.route)]?.[e.method.toLowerCase()])
      .map((e) => `${e.method} ${e.route}`);
    expect(missing).toEqual([]);
  });

  it('documents for every route exactly the answers of its contract', () => {
    const wrong: string[] = [];
    for (const contract of apiContract()) {
      const route = `${contract.method} ${contract.path}`;
      const operation = doc.paths[openApiPath(contract.path)][contract.method.toLowerCase()];
      const statuses = Object.keys(operation.responses);
      const expected = documented(contract, doc.openapi).response;
      if (statuses.join() !== Object.keys(expected).join()) {
        wrong.push(`${route}: documents ${statuses}, its contract ${Object.keys(expected)}`);
        continue;
      }
      for (const status of statuses) {
        // Response headers (a list's X-Total-Count) move from the schema to the response's own headers.
        const { headers, ...answer } = expected[status] as {
          content?: ContentAnswer['content'];
          headers?: object;
        };
        const { content, headers: documentedHeaders } = operation.responses[status];
        if (Object.keys(headers ?? {}).join() !== Object.keys(documentedHeaders ?? {}).join())
          wrong.push(`${route} ${status}: documents headers ${Object.keys(documentedHeaders ?? {})}`);
        const schemas = answer.content
          ? Object.fromEntries(Object.entries(answer.content).map(([type, { schema }]) => [type, schema]))
          : { 'application/json': answer };
        const given = Object.fromEntries(
          Object.entries(content!).map(([type, { schema }]) => [type, schema]),
        );
        try {
          expect(given).toEqual(schemas);
        } catch {
          wrong.push(`${route} ${status}: its documented schema is not its contract's`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names every operation by its call (the specification's own names), once, with a summary and a tag", () => {
    const operations = Object.entries(doc.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ url, method, ...operation })),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const idOf = (method: string, url: string) => doc.paths[url][method].operationId;
    // The specification's calls keep its names (and spellings); the project's own name what they do.
    expect(idOf('get', '/api/trips/filterTrips')).toBe('filterTrips');
    expect(idOf('get', '/api/auth/getAllusers')).toBe('getAllusers');
    expect(idOf('get', '/api/buses/getBus/{id}')).toBe('getBus');
    expect(idOf('post', '/api/bookings/createBooking')).toBe('createBooking');
    expect(idOf('get', '/api/checkin/trip/{id}')).toBe('checkinTrip');
    for (const operation of operations) {
      const where = `${operation.method} ${operation.url}`;
      expect(operation.summary, where).toMatch(/^[A-Z].{5,100}$/);
      expect(operation.tags, where).toHaveLength(1);
    }
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('a call name that repeats is prefixed with its resource, for every call that carries it', () => {
    expect(
      operationIds([
        { name: 'trip', path: '/api/checkin/trip/:id' },
        { name: 'trip', path: '/api/boarding/trip/:id' },
        { name: 'getBus', path: '/api/buses/getBus/:id' },
      ]),
    ).toEqual(['checkinTrip', 'boardingTrip', 'getBus']);
  });

  it('declares who may call each route from the table the access check enforces', () => {
    const wrong: string[] = [];
    for (const route of t.app.routeAccess.filter((r) => r.url.startsWith('/api/'))) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) continue; // HEAD, and the documentation's own routes
      const where = `${route.method} ${route.url}`;
      const roles = (capability: keyof typeof CAPABILITIES) => CAPABILITIES[capability].join(', ');
      if (route.access === 'public') {
        const expected = route.staffAccess ? [{}, { bearer: [] }] : [];
        if (JSON.stringify(operation.security) !== JSON.stringify(expected))
          wrong.push(`${where}: security ${JSON.stringify(operation.security)}`);
        if (route.staffAccess && !operation.description?.includes(roles(route.staffAccess)))
          wrong.push(`${where}: does not name the staff who may call it`);
      } else if (!route.access) {
        wrong.push(`${where}: declares no access`);
      } else {
        if (JSON.stringify(operation.security) !== JSON.stringify([{ bearer: [] }]))
          wrong.push(`${where}: security ${JSON.stringify(operation.security)}`);
        if (!operation.description?.includes(`Staff: ${roles(route.access)} (\`${route.access}\`)`))
          wrong.push(`${where}: its description does not name the roles of ${route.access}`);
      }
    }
    expect(wrong).toEqual([]);
    // As a client reads them.
    expect(doc.paths['/api/auth/getAllusers'].get.description).toBe('Staff: admin (`users.manage`).');
    expect(doc.paths['/api/trips/filterTrips'].get.security).toEqual([]);
  });

  it('documents the request body of every contract that has one', () => {
    const wrong: string[] = [];
    for (const contract of apiContract().filter((c) => c.form)) {
      const route = `${contract.method} ${contract.path}`;
      const content =
        doc.paths[openApiPath(contract.path)][contract.method.toLowerCase()].requestBody?.content;
      if (!content) {
        wrong.push(`${route}: no request body`);
        continue;
      }
      const { body } = documented(contract, doc.openapi);
      for (const [type, { schema }] of Object.entries(content as Record<string, { schema: unknown }>)) {
        try {
          expect(schema).toEqual(body);
        } catch {
          wrong.push(`${route} ${type}: its documented body is not its contract's`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('a documented form (schema.form)', () => {
  it('is documented as the request body of its content types, and not validated', async () => {
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(projectingSerializerCompiler);
    await app.register(swagger, {
      openapi: { info: { title: 't', version: '1' } },
      transform: openApiTransform,
    });
    const form = z.object({ name: z.string(), file: z.string().meta({ format: 'binary' }).optional() });
    app.post('/upload', { schema: { consumes: ['multipart/form-data'], form } }, async () => ({ ok: true }));
    await app.ready();
    const body = (app.swagger() as unknown as Document).paths['/upload'].post.requestBody;
    expect(body.content['multipart/form-data'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' }, file: { type: 'string', format: 'binary' } },
      required: ['name'],
    });
    // Read by the handler itself: a request without those fields still reaches it.
    expect((await app.inject({ method: 'POST', url: '/upload', payload: {} })).statusCode).toBe(200);
    await app.close();
  });
});
