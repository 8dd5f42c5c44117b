// The review of one payment proof (/bookings/payments/{id}): the proof large beside what it must show, and
// the decision. V verifies, R rejects with a reason, N (or the arrow in the reading direction) moves on;
// after a decision the next proof of the queue opens, or the queue says it is empty. A flagged payment is
// verified only through the override dialog, with a note: before the call when the flags are known, or when
// the server answers DUPLICATE_PROOF because they appeared meanwhile. A booking with no proof is verified only
// with a note saying how the money was checked. A cancelled booking whose proof nobody decided on asks whether
// the money arrived instead (CancelledCheck).
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, Loading, Title, useLocale, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { proofOf, proofUndecided, type RejectionReason } from '../../shared/payments.ts';
import { LinkButton } from '../common/LinkButton.tsx';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatNumber } from '../i18n/format.ts';
import { DecisionBar } from './DecisionBar.tsx';
import { isolated, Ltr, Sentence, SLOT } from './Ltr.tsx';
import { CancelledCheck, awaitsMoneyCheck } from './CancelledCheck.tsx';
import { NoProofDialog, OverrideDialog } from './OverrideDialog.tsx';
import { type Flags, isFlagged, type PaymentReview as Review } from './paymentsApi.ts';
import { PAYMENTS_PATH, reviewPath } from './paths.ts';
import { ProofViewer } from './ProofViewer.tsx';
import { afterDecision, nextInQueue } from './queueOrder.ts';
import { RejectDialog } from './RejectDialog.tsx';
import { ReviewDetails, ReviewSummary } from './ReviewDetails.tsx';
import { paymentChange, paymentKeys, usePaymentsApi } from './usePaymentsApi.ts';
import { useShortcuts } from './useShortcuts.ts';

/** How much of the queue the review knows, to find the next proof (the server's largest page). */
export const QUEUE_WINDOW = 200;

type Decision =
  { verify: true; note?: string; override?: boolean } | { reason: RejectionReason; note: string };

/** One review per id: moving to the next proof starts afresh (no dialog or flags carried over). */
export default function PaymentReviewPage() {
  const { id = '' } = useParams();
  return <PaymentReview key={id} id={id} />;
}

function PaymentReview({ id }: { id: string }) {
  const api = usePaymentsApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [dialog, setDialog] = useState<'reject' | 'override' | 'no_proof' | null>(null);
  const [serverFlags, setServerFlags] = useState<Flags>();

  const review = useQuery({ queryKey: paymentKeys.review(id), queryFn: () => api.payment(id) });
  const queueKey = paymentKeys.queue(0, QUEUE_WINDOW);
  const queue = useQuery({ queryKey: queueKey, queryFn: () => api.queue(0, QUEUE_WINDOW) });
  const queueIds = queue.data?.data.map((booking) => booking._id) ?? [];

  const booking = review.data?.booking;
  const live = !!booking && !booking.isCancelled;
  const canVerify = live && ['proof_submitted', 'awaiting_proof'].includes(booking.paymentStatus);
  // A proof whose review time ran out is back to awaiting_proof, and still staff's to decide.
  const canReject = live && proofUndecided(booking);
  const unproven = live && booking.paymentStatus === 'awaiting_proof' && !booking.bankakScreenshot;

  async function moveOn() {
    const before = queueIds;
    const fresh = await queryClient.fetchQuery({
      queryKey: queueKey,
      queryFn: () => api.queue(0, QUEUE_WINDOW),
    });
    const next = afterDecision(
      before,
      fresh.data.map((b) => b._id),
      id,
    );
    if (next) navigate(reviewPath(next));
    else {
      notify('rihla.payments.review.last_one', { type: 'info' });
      navigate(PAYMENTS_PATH);
    }
  }

  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      'verify' in decision
        ? api.verify(
            id,
            // The proof on screen: one the traveller sent since is refused (PROOF_CHANGED), never verified unseen.
            proofOf(booking ?? {}),
            decision.note ? { note: decision.note, override: !!decision.override } : undefined,
          )
        : api.reject(id, decision.reason, decision.note || undefined),
    // Stale before onSuccess runs: moving on reads the fresh queue.
    meta: paymentChange,
    onSuccess: async (_, decision) => {
      setDialog(null);
      const ticket = isolated(booking?.ticketId ?? '');
      notify('verify' in decision ? 'rihla.payments.review.verified' : 'rihla.payments.review.rejected', {
        type: 'success',
        messageArgs: { id: ticket },
      });
      await moveOn();
    },
    onError: (error) => {
      const body = error instanceof HttpError ? (error.body as { code?: string; flags?: Flags }) : undefined;
      if (body?.code === 'DUPLICATE_PROOF' && body.flags) {
        // Flags appeared since the page loaded: ask, never verify silently.
        setServerFlags(body.flags);
        setDialog('override');
        void review.refetch();
        return;
      }
      setDialog(null);
      // Another proof came in while this one was open: show it, say so, decide nothing.
      if (body?.code === 'PROOF_CHANGED') void review.refetch();
      notify(errorMessage(error, 'rihla.payments.review.load_error'), { type: 'error' });
    },
  });

  const flags = serverFlags ?? review.data?.flags;
  const verify = () => {
    if (!canVerify || decide.isPending) return;
    if (flags && isFlagged(flags)) setDialog('override');
    else if (unproven) setDialog('no_proof');
    else decide.mutate({ verify: true });
  };
  const reject = () => canReject && !decide.isPending && setDialog('reject');
  const next = () => {
    const target = nextInQueue(queueIds, id);
    if (target) navigate(reviewPath(target));
    else notify('rihla.payments.review.no_other', { type: 'info' });
  };
  const rtl = locale === 'ar';
  useShortcuts(
    { KeyV: verify, KeyR: reject, KeyN: next, [rtl ? 'ArrowLeft' : 'ArrowRight']: next },
    review.isSuccess && dialog === null,
  );

  const title = <Title title="rihla.payments.title" />;
  if (review.isPending) return <Loading />;
  if (review.isError)
    return (
      <>
        {title}
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(review.error, 'rihla.payments.review.load_error')}
        </Alert>
      </>
    );
  const data: Review = review.data;
  const position = queueIds.indexOf(id);

  return (
    <Stack spacing={2} sx={{ mt: 1, pb: 10 }} data-testid="payment-review" data-booking={id}>
      {title}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <LinkButton
          to={PAYMENTS_PATH}
          label="rihla.payments.review.back"
          icon={<ArrowBackIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
        />
        <Typography variant="h6" component="h1" sx={{ flex: 1, minWidth: 'min(100%, 16em)' }}>
          <Sentence text={translate('rihla.payments.review.title', { id: SLOT })}>
            <Ltr>{data.booking.ticketId}</Ltr>
          </Sentence>
        </Typography>
        {position >= 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('rihla.payments.review.position', {
              position: formatNumber(position + 1, locale),
              total: formatNumber(queue.data!.total, locale),
            })}
          </Typography>
        )}
      </Stack>
      <ReviewSummary review={data} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper sx={{ p: 1.5 }}>
            <ProofViewer proofs={data.proofs} ticketId={data.booking.ticketId} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper sx={{ p: 2 }}>
            <ReviewDetails review={data} />
          </Paper>
        </Grid>
      </Grid>
      {awaitsMoneyCheck(data.booking) ? (
        <CancelledCheck booking={data.booking} flags={flags} />
      ) : (
        <DecisionBar
          canVerify={canVerify}
          canReject={canReject}
          busy={decide.isPending}
          flagged={!!flags && isFlagged(flags)}
          rtl={rtl}
          onVerify={verify}
          onReject={reject}
          onNext={next}
        />
      )}
      <NoProofDialog
        open={dialog === 'no_proof'}
        busy={decide.isPending}
        onClose={() => setDialog(null)}
        onVerify={(note) => decide.mutate({ verify: true, note })}
      />
      <RejectDialog
        open={dialog === 'reject'}
        ticketId={data.booking.ticketId}
        busy={decide.isPending}
        onClose={() => setDialog(null)}
        onReject={(reason, note) => decide.mutate({ reason, note })}
      />
      <OverrideDialog
        open={dialog === 'override'}
        flags={flags}
        busy={decide.isPending}
        onClose={() => setDialog(null)}
        onVerify={(note) => decide.mutate({ verify: true, note, override: true })}
      />
    </Stack>
  );
}
