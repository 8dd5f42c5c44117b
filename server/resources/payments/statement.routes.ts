// The bank statement import, under /api/payments: the CSV file and, once its columns are known, which hold
// what. A thin HTTP layer over statement-file.ts and statement.ts; the activity row keeps a summary.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentContract as contract } from '../../../shared/contract/index.ts';
import { statementMapping } from '../../../shared/contract/answers.ts';
import { actor } from '../../audit/audit.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import {
  bookingContext,
  decodeStatement,
  importStatement,
  importSummary,
  type Mapping,
  statementAccount,
  STATEMENT_LIMITS,
  type StatementOutcome,
} from '../../sales/index.ts';
import { parse } from './route-helpers.ts';

export async function statementRoutes(app: FastifyInstance) {
  const ctx = bookingContext(app);
  const tags = ['payments'];

  app.post(
    '/importStatement',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        form: contract.importStatement.form,
        response: contract.importStatement.responses,
      },
      config: {
        access: 'payments.import',
        // A statement is of one account and pays only the bookings paid into it: a company's desk its
        // company's; the platform's staff name the company (`companyId`), or none for the operator's own
        // (statementAccount). The form is read in the handler, so another company named there is refused there.
        scope: { list: 'booking' },
        // The row keeps a summary (counts, the bookings verified), never the file or the whole result; each
        // booking verified has its own row, written with it.
        audit: { action: 'import_statement', resource: 'payments', diffAnswer: false },
      },
    },
    async (request) => {
      const form = await readStatementForm(request);
      const account = await statementAccount(ctx.db, request.companyScope, form.companyId);
      const text = 'refused' in account ? undefined : await decodeStatement(form.bytes);
      const outcome =
        'refused' in account
          ? account
          : text
            ? await importStatement(ctx, text, {
                mapping: form.mapping,
                dryRun: form.dryRun,
                staff: actor(request),
                account,
              })
            : ({ refused: 'UNREADABLE' } as const);
      request.auditChanges = importSummary(outcome, form.dryRun);
      if ('preview' in outcome) return outcome.preview;
      if ('imported' in outcome) return outcome.imported;
      throw refusalError(STATEMENT_REFUSALS, outcome);
    },
  );
}

/** How each refused statement is answered. */
const STATEMENT_REFUSALS: RefusalTable<Extract<StatementOutcome, { refused: string }>> = {
  UNREADABLE: () => badRequest('This file is not a CSV statement we can read.'),
  NO_ROWS: () => badRequest('This statement has no rows.'),
  TOO_MANY_ROWS: () => badRequest('This statement has too many rows (at most 10,000 at a time).'),
  TOO_MANY_COLUMNS: () => badRequest('This statement has too many columns (at most 100) or too long a line.'),
  UNKNOWN_COLUMN: (refusal) => badRequest(`The statement has no column "${refusal.column}".`),
  // The words of the company scope's 404 (staff-guard.ts): another company's is as if it did not exist.
  COMPANY_NOT_FOUND: () => notFound('No company has this _id.'),
  // A company's own desk, as the platform's staff naming it (statementAccount).
  NO_OWN_ACCOUNT: () =>
    new HttpError(
      400,
      'This company has no payment account of its own: its travellers pay into the platform’s account, and only that account’s statement confirms their payments.',
      { code: 'NO_OWN_ACCOUNT', errors: { companyId: 'This company has no payment account of its own.' } },
    ),
};
const STATEMENT_TOO_LARGE = 'The statement file is larger than 5 MB.';

const mappingSchema = statementMapping;

/** importStatement's form: the CSV file (`statement`), and optionally `mapping` (JSON) and `dryRun`. */
async function readStatementForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Please send the statement as a file (multipart/form-data).');
  let bytes: Buffer | undefined;
  let mapping: Mapping | undefined;
  let dryRun = false;
  let companyId: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: STATEMENT_LIMITS.bytes } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'statement') bytes = content;
      } else if (part.fieldname === 'mapping' && typeof part.value === 'string') {
        let json: unknown;
        try {
          json = JSON.parse(part.value);
        } catch {
          throw badRequest('The column mapping is not valid JSON.');
        }
        mapping = parse(mappingSchema, json);
      } else if (part.fieldname === 'dryRun') dryRun = part.value === 'true' || part.value === '1';
      else if (part.fieldname === 'companyId' && typeof part.value === 'string')
        companyId = part.value.trim() || undefined;
    }
  } catch (error) {
    // Our own answers, and the multipart plugin's (413…), stand; a garbled body is the client's mistake.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, STATEMENT_TOO_LARGE);
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('The form is malformed.');
  }
  if (bytes === undefined)
    throw badRequest('Please choose the statement file (CSV).', {
      statement: 'Please choose the statement file (CSV).',
    });
  return { bytes, mapping, dryRun, companyId };
}
