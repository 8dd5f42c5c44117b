// The bank statement import, under /api/payments: the CSV file and, once its columns are known, which hold
// what. A thin HTTP layer over statement-file.ts and statement.ts; the activity row keeps a summary.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentContract as contract } from '../../../shared/contract/index.ts';
import { statementMapping } from '../../../shared/contract/answers.ts';
import { actor } from '../../audit/audit.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import {
  bookingContext,
  decodeStatement,
  importStatement,
  importSummary,
  type Mapping,
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
        // A company's desk matches the statement against its company's bookings alone (statement.ts).
        scope: { list: 'booking' },
        // The row keeps a summary (counts, the bookings verified), never the file or the whole result; each
        // booking verified has its own row, written with it.
        audit: { action: 'import_statement', resource: 'payments', diffAnswer: false },
      },
    },
    async (request) => {
      const form = await readStatementForm(request);
      const text = await decodeStatement(form.bytes);
      const outcome = text
        ? await importStatement(ctx, text, {
            mapping: form.mapping,
            dryRun: form.dryRun,
            staff: actor(request),
            companyId: request.companyScope,
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
};
const STATEMENT_TOO_LARGE = 'The statement file is larger than 5 MB.';

const mappingSchema = statementMapping;

/** importStatement's form: the CSV file (`statement`), and optionally `mapping` (JSON) and `dryRun`. */
async function readStatementForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Please send the statement as a file (multipart/form-data).');
  let bytes: Buffer | undefined;
  let mapping: Mapping | undefined;
  let dryRun = false;
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
  return { bytes, mapping, dryRun };
}
