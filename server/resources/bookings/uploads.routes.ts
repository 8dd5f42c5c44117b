// GET /api/uploads/<name>: a payment proof, for signed-in staff only.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uploadContract } from '../../../shared/contract/index.ts';
import { requireStaff } from '../../auth/staff-guard.ts';
import { notFound } from '../../http/errors.ts';
import { UPLOAD_NAME_PATTERN, uploadsDir } from './uploads.ts';

const MIME = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heic: 'image/heic' } as const;

export async function uploadRoutes(app: FastifyInstance) {
  app.get(
    '/:name',
    {
      schema: {
        tags: ['bookings'],
        params: z.object({ name: z.string().max(64) }),
        response: uploadContract.upload.responses,
      },
      onRequest: requireStaff,
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      // The pattern admits only generated names, so no path can leave the uploads folder.
      if (!UPLOAD_NAME_PATTERN.test(name)) throw notFound('No such upload.');
      const file = path.join(uploadsDir(app.config.dataDir), name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat) throw notFound('No such upload.');
      const ext = name.split('.').pop() as keyof typeof MIME;
      return reply
        .header('Content-Type', MIME[ext])
        .header('Content-Length', stat.size)
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', 'inline')
        .send(fs.createReadStream(file));
    },
  );
}
