// The payment proof sent after booking: the image (reduced in the browser), its transaction number and how
// it was paid; the upload's progress with a stop button; and on an interrupted or refused send, the reason
// and a retry that keeps what was chosen and typed. Loaded on demand (LaterProof.tsx).
import { useEffect, useRef, useState } from 'preact/hooks';
import { fill } from '../lib/i18n.ts';
import { defaultMethod, isValidReference, REFERENCE_MAX_LENGTH, type PaymentMethod } from '../lib/payment.ts';
import type { PaymentPatch } from '../lib/proof-request.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { usePaymentProof } from '../lib/use-payment-proof.ts';
import { useProofSubmit } from '../lib/use-proof-submit.ts';
import { usePayTo } from '../lib/use-trip-payment.ts';
import { MethodField } from './MethodField.tsx';
import { ProofUpload } from './ProofUpload.tsx';
import { Spinner } from './Spinner.tsx';
import { TextField } from './TextField.tsx';

export interface LaterProofProps {
  ticketId: string;
  phone: string;
  /** The booking's trip: how it is paid by default follows its account (issue 24). */
  tripId?: string;
  /** The booking's payment as the server now has it, and a message when the proof was not wanted. */
  onOutcome: (patch: PaymentPatch, notice: string | null) => void;
}

export default function LaterProofForm({ ticketId, phone, tripId, onOutcome }: LaterProofProps) {
  const { m } = useI18n();
  const { pay: payTo } = usePayTo(tripId);
  const payment = usePaymentProof();
  const submit = useProofSubmit();
  const [reference, setReference] = useState('');
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // The button that opened the form is gone: start at its first field.
    formRef.current?.querySelector('input')?.focus();
  }, []);

  const method = chosenMethod ?? defaultMethod(payTo);
  const proof = payment.proof.status === 'ready' ? payment.proof : null;
  const ready = proof !== null && isValidReference(reference);
  const { state } = submit;
  const sending = state.phase === 'sending';

  const send = async (event: Event) => {
    event.preventDefault();
    if (!proof || !ready || sending) return;
    const outcome = await submit.send({
      ticketId,
      phone,
      reference,
      method,
      blob: proof.blob,
      name: proof.name,
    });
    if (outcome?.kind === 'accepted') onOutcome(outcome.patch, null);
    else if (outcome?.kind === 'notWanted') onOutcome(outcome.patch, m.payment.notWanted[outcome.why]);
  };

  const problems = {
    notFound: m.payment.notFound,
    reference: m.payment.referenceHint,
    tooLarge: m.proof.tooLarge,
    notImage: m.proof.notImage,
    tooMany: m.payment.tooMany,
    failed: m.payment.failed,
  };
  const percent = sending ? Math.round(state.progress * 100) : 0;
  const progressLabel = percent < 100 ? fill(m.payment.sending, { percent }) : m.payment.waiting;
  return (
    <form ref={formRef} class="later-proof" onSubmit={send} noValidate>
      <fieldset disabled={sending}>
        <ProofUpload proof={payment.proof} onChoose={payment.choose} onClear={payment.clear} />
        <TextField
          label={m.payment.reference}
          value={reference}
          onValue={setReference}
          maxLength={REFERENCE_MAX_LENGTH}
          autocomplete="off"
          required
          hint={m.payment.referenceHint}
          invalid={reference.trim() !== '' && !isValidReference(reference)}
        />
        <MethodField value={method} onChange={setMethod} />
      </fieldset>
      {sending && (
        <>
          <progress class="progress" max={100} value={percent} aria-label={progressLabel} />
          <Spinner label={progressLabel} />
        </>
      )}
      {state.phase === 'interrupted' && (
        <p class="message warning" role="alert">
          {m.payment.interrupted}
        </p>
      )}
      {state.phase === 'problem' && (
        <p class="message error" role="alert">
          {problems[state.problem]}
        </p>
      )}
      {!ready && !sending && <p class="hint">{m.payment.sendHint}</p>}
      <div class="actions">
        {sending ? (
          <button type="button" class="button secondary" onClick={submit.stop}>
            {m.payment.stop}
          </button>
        ) : (
          <button type="submit" class="button" disabled={!ready}>
            {state.phase === 'idle' ? m.payment.submit : m.common.retry}
          </button>
        )}
      </div>
    </form>
  );
}
