import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../appDeps';
import { downloadTransferReceipt, type QueryValue, TRANSFER_RECEIPT_PATH } from '../modules/banking';
import { secretBoxOf } from '../secrets/secretBox';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { sendProblem } from './problem';

/**
 * GET /api/v1/transfers/receipt?transfer_id=&token=: a transfer's receipt PDF (BankTransfer.receiptUrl
 * plus a single-use file token from GET /api/v1/file_tokens; modules/banking/transferReceipt.ts).
 * Never cached; on a server without banking the 501 problem.
 */
export async function registerTransferReceiptRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: Record<string, QueryValue> }>(TRANSFER_RECEIPT_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (isFeatureOff(deps.config, 'banking')) return sendFeatureUnavailable(reply, 'banking');
    const answer = await downloadTransferReceipt(
      {
        db: deps.db,
        clock: deps.clock,
        banking: deps.providers.banking,
        secrets: secretBoxOf(deps.config),
      },
      request.query,
    );
    if (!answer.ok) return sendProblem(reply, answer.status, answer.detail);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${answer.filename}"`)
      .send(Buffer.from(answer.bytes));
  });
}
