// Step 2 of the booking: who travels, and the payment proof. Continue appears only when the names, a
// valid phone number (and a valid e-mail, if one is given) and at least one seat are there.
import {
  EMAIL_MAX_LENGTH,
  isPassengerComplete,
  NAME_MAX_LENGTH,
  passengerProblems,
  type PassengerDraft,
} from '../lib/passenger.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { ProofState } from '../lib/use-payment-proof.ts';
import { ProofUpload } from './ProofUpload.tsx';
import { TextField } from './TextField.tsx';

interface Props {
  value: PassengerDraft;
  onChange: (value: PassengerDraft) => void;
  seatCount: number;
  proof: ProofState;
  onChooseProof: (file: File | undefined) => void;
  onClearProof: () => void;
  onContinue: () => void;
  onBack: () => void;
}

export function PassengerForm({ value, onChange, seatCount, proof, ...props }: Props) {
  const { m } = useI18n();
  const problems = passengerProblems(value);
  const canContinue = isPassengerComplete(value) && seatCount > 0 && proof.status !== 'preparing';
  const set = (key: keyof PassengerDraft) => (text: string) => onChange({ ...value, [key]: text });

  const onSubmit = (event: Event) => {
    event.preventDefault();
    if (canContinue) props.onContinue();
  };

  return (
    <form class="card" aria-labelledby="passenger-title" onSubmit={onSubmit} noValidate>
      <h2 id="passenger-title">{m.passenger.title}</h2>
      <p class="notice info">{m.passenger.mandatory}</p>
      <TextField
        label={m.passenger.firstName}
        value={value.firstName}
        onValue={set('firstName')}
        autocomplete="given-name"
        maxLength={NAME_MAX_LENGTH}
        required
      />
      <TextField
        label={m.passenger.lastName}
        value={value.lastName}
        onValue={set('lastName')}
        autocomplete="family-name"
        maxLength={NAME_MAX_LENGTH}
        required
      />
      <TextField
        label={m.passenger.phone}
        value={value.phone}
        onValue={set('phone')}
        type="tel"
        inputMode="numeric"
        autocomplete="tel"
        required
        hint={m.passenger.phoneHint}
        invalid={value.phone !== '' && problems.phone !== undefined}
      />
      <TextField
        label={m.passenger.email}
        optionalLabel={m.common.optional}
        value={value.email}
        onValue={set('email')}
        type="email"
        autocomplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        hint={m.passenger.emailHint}
        invalid={problems.email !== undefined}
      />
      <ProofUpload proof={proof} onChoose={props.onChooseProof} onClear={props.onClearProof} />
      {!canContinue && <p class="hint">{m.passenger.continueHint}</p>}
      <div class="actions">
        <button type="button" class="button secondary" onClick={props.onBack}>
          {m.common.back}
        </button>
        {canContinue && (
          <button type="submit" class="button">
            {m.common.continue}
          </button>
        )}
      </div>
    </form>
  );
}
