// Routes of every plain resource, generated from the registry: getAll…, get…/{id}, create…, update…/{id},
// delete…/{id}. Staff calls need a token unless the entry opens the operation to the public.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { crudContract } from '../../../shared/contract/index.ts';
import {
  createSchema,
  type Operation,
  type ResourceDef,
  updateSchema,
} from '../../../shared/registry/index.ts';
import { requireStaff } from '../../auth/staff-guard.ts';
import { notFound } from '../../http/errors.ts';
import {
  createDocument,
  deleteDocument,
  findDocument,
  listDocuments,
  updateDocument,
} from './crud.repository.ts';
import { listQuerySchema, parseListParams } from './list-params.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function crudRoutes(def: ResourceDef) {
  const missing = () => notFound(`No ${def.singular} has this _id.`);
  const contract = crudContract(def);
  const generated = (op: Operation) => contract[op] !== undefined;
  const guard = (op: Operation) => (def.publicOps?.includes(op) ? [] : [requireStaff]);
  const schema = (op: Operation, input: FastifySchema) => ({
    tags: [def.name],
    ...input,
    response: contract[op]!.responses,
  });

  return async function routes(app: FastifyInstance) {
    const { db } = app;

    if (generated('list')) {
      app.get(
        `/${def.api.list}`,
        { schema: schema('list', { querystring: listQuerySchema }), onRequest: guard('list') },
        async (request, reply) => {
          const { documents, total } = await listDocuments(
            db,
            def,
            parseListParams(def, request.query as Record<string, unknown>),
          );
          reply.header('X-Total-Count', String(total));
          return documents;
        },
      );
    }

    if (generated('one')) {
      app.get(
        `/${def.api.one}/:id`,
        { schema: schema('one', { params: idParams }), onRequest: guard('one') },
        async (request) => {
          const document = await findDocument(db, def, (request.params as { id: string }).id);
          if (!document) throw missing();
          return document;
        },
      );
    }

    if (generated('create')) {
      const body = createSchema(def);
      app.post(
        `/${def.api.create}`,
        { schema: schema('create', { body }), onRequest: guard('create') },
        async (request, reply) => {
          reply.status(201);
          return createDocument(db, def, request.body as Record<string, unknown>);
        },
      );
    }

    if (generated('update')) {
      const body = updateSchema(def);
      app.patch(
        `/${def.api.update}/:id`,
        { schema: schema('update', { params: idParams, body }), onRequest: guard('update') },
        async (request) => {
          const { id } = request.params as { id: string };
          const document = await updateDocument(db, def, id, request.body as Record<string, unknown>);
          if (!document) throw missing();
          return document;
        },
      );
    }

    if (generated('remove')) {
      app.delete(
        `/${def.api.remove}/:id`,
        { schema: schema('remove', { params: idParams }), onRequest: guard('remove') },
        async (request) => {
          const document = await deleteDocument(db, def, (request.params as { id: string }).id);
          if (!document) throw missing();
          return document;
        },
      );
    }
  };
}
