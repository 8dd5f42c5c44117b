// The booking form's payment: the amount and where to pay, that staff check every proof, and the choice of
// sending the proof now (image, transaction number, method) or later (the seats are held until a time).
import { useId } from 'preact/hooks';
import { defaultMethod, isValidReference, REFERENCE_MAX_LENGTH, type PaymentDraft } from '../lib/payment.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { ProofState } from '../lib/use-payment-proof.ts';
import { usePayTo } from '../lib/use-trip-payment.ts';
import { Filled } from './Filled.tsx';
import { KhartoumTime } from './KhartoumTime.tsx';
import { MethodField } from './MethodField.tsx';
import { PaymentInstructions } from './PaymentInstructions.tsx';
import { ProofUpload } from './ProofUpload.tsx';
import { TextField } from './TextField.tsx';

interface Props {
  draft: PaymentDraft;
  onChange: (draft: PaymentDraft) => void;
  proof: ProofState;
  onChooseProof: (file: File | undefined) => void;
  onClearProof: () => void;
  total: number;
  /** When an unpaid hold made now would lapse (ISO), once the proof window is known. */
  holdUntil: string | null;
  /** The trip booked: its company may have its own account (issue 24). */
  tripId?: string;
}

export function PaymentChoice({
  draft,
  onChange,
  proof,
  onChooseProof,
  onClearProof,
  total,
  holdUntil,
  tripId,
}: Props) {
  const { m } = useI18n();
  const { pay: payTo } = usePayTo(tripId);
  const id = useId();
  const set = (patch: Partial<PaymentDraft>) => onChange({ ...draft, ...patch });
  return (
    <section class="payment-step" aria-labelledby={id}>
      <h3 id={id}>{m.payment.title}</h3>
      <PaymentInstructions amount={total} tripId={tripId} />
      <p class="hint">{m.payment.checked}</p>
      <fieldset class="choice">
        <legend>{m.payment.when}</legend>
        {(['now', 'later'] as const).map((when) => (
          <label key={when}>
            <input
              type="radio"
              name={id}
              value={when}
              checked={draft.when === when}
              onChange={() => set({ when })}
            />
            {m.payment[when]}
          </label>
        ))}
      </fieldset>
      {draft.when === 'now' ? (
        <>
          <ProofUpload proof={proof} onChoose={onChooseProof} onClear={onClearProof} />
          <TextField
            label={m.payment.reference}
            optionalLabel={m.common.optional}
            value={draft.reference}
            onValue={(reference) => set({ reference })}
            maxLength={REFERENCE_MAX_LENGTH}
            autocomplete="off"
            hint={m.payment.referenceHint}
            invalid={draft.reference.trim() !== '' && !isValidReference(draft.reference)}
          />
          <MethodField value={draft.method ?? defaultMethod(payTo)} onChange={(method) => set({ method })} />
          <p class="hint">{m.payment.heldWhileChecked}</p>
        </>
      ) : (
        <p class="message">
          {holdUntil && (
            <>
              <Filled
                text={m.payment.heldUntil}
                values={{ time: <KhartoumTime iso={holdUntil} now={Date.now()} /> }}
              />{' '}
            </>
          )}
          {m.payment.sendLater}
        </p>
      )}
    </section>
  );
}
