// /api/settings: what travellers read (the operator's contact details, where to pay, how long a hold lasts),
// and the admins' reading and changing of it in the back-office's Settings, recorded in the activity log.
import type { FastifyInstance } from 'fastify';
import { systemContract } from '../../../shared/contract/index.ts';
import {
  operatorSettingsSchema,
  publicView,
  refundRulesSchema,
  type OperatorSettings,
} from '../../../shared/settings.ts';
import type { RefundRules } from '../../../shared/refund-rules.ts';
import { readRefundRules, readSettings, writeRefundRules, writeSettings } from './settings.repository.ts';
import { typed } from '../../http/validation.ts';

/** The settings as staff read and write them: flat, one field per input of the Settings form. */
const staffDocument = (settings: OperatorSettings) => ({ _id: 'operator' as const, ...settings });
const refundsDocument = (rules: RefundRules) => ({ _id: 'refunds' as const, ...rules });

export async function settingsRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db, config } = app;
  const tags = ['settings'];
  const contract = systemContract;

  app.get(
    '',
    { schema: { tags, response: contract.settings.responses }, config: { access: 'public' } },
    async (_request, reply) => {
      // A browser keeps them a minute: an admin's change reaches travellers' pages within it.
      reply.header('Cache-Control', 'public, max-age=60');
      const { operator, payment, boardingTimes } = publicView(await readSettings(db, config));
      return {
        operator,
        payment: { ...payment, proofMinutes: config.payments.proofMinutes },
        refunds: await readRefundRules(db),
        boardingTimes,
      };
    },
  );

  app.get(
    '/getSettings',
    {
      schema: { tags, response: contract.getSettings.responses },
      config: { access: 'settings.manage', scope: 'platform' },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return staffDocument(await readSettings(db, config));
    },
  );

  app.patch(
    '/updateSettings',
    {
      schema: { tags, body: operatorSettingsSchema, response: contract.updateSettings.responses },
      config: {
        access: 'settings.manage',
        scope: 'platform',
        audit: { action: 'update_settings', resource: 'settings' },
      },
    },
    async (request) => {
      // Validated (and cleaned: phones and account numbers in Latin digits) by the body schema.
      const current = await readSettings(db, config);
      // Boarding times and the site's address not given are left as they are (a caller that predates them does not wipe them).
      const settings = {
        ...request.body,
        boarding_times: request.body.boarding_times ?? current.boarding_times,
        site_address: request.body.site_address ?? current.site_address,
      };
      request.auditBefore = staffDocument(current);
      await writeSettings(db, settings, request.staff!.id, app.clock.now());
      return staffDocument(await readSettings(db, config));
    },
  );

  app.get(
    '/getRefundRules',
    {
      schema: { tags, response: contract.getRefundRules.responses },
      config: { access: 'settings.manage', scope: 'platform' },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return refundsDocument(await readRefundRules(db));
    },
  );

  // A change applies to bookings sold from now on: each booking keeps the rules it was sold under.
  app.patch(
    '/updateRefundRules',
    {
      schema: { tags, body: refundRulesSchema, response: contract.updateRefundRules.responses },
      config: {
        access: 'settings.manage',
        scope: 'platform',
        audit: { action: 'update_settings', resource: 'settings' },
      },
    },
    async (request) => {
      request.auditBefore = refundsDocument(await readRefundRules(db));
      await writeRefundRules(db, request.body, request.staff!.id, app.clock.now());
      return refundsDocument(await readRefundRules(db));
    },
  );
}
