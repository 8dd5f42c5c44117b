// GET /api/uploads/<name>: a payment proof, for signed-in staff only, from the database (any node serves it).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uploadContract } from '../../../shared/contract/index.ts';
import { notFound } from '../../http/errors.ts';
import { findProof } from '../../sales/index.ts';
import { typed } from '../../http/validation.ts';

export async function uploadRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  app.get(
    '/:name',
    {
      schema: {
        tags: ['payments'],
        params: z.object({ name: z.string().max(64) }),
        response: uploadContract.getUpload.responses,
      },
      config: { access: 'payments.review', scope: { id: 'upload' } },
    },
    async (request, reply) => {
      const proof = await findProof(app.db, request.params.name);
      if (!proof) throw notFound('No such upload.');
      return reply
        .header('Content-Type', proof.mime)
        .header('Content-Length', proof.size)
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', 'inline')
        .send(proof.bytes);
    },
  );
}
