// Step 2 of the booking: who travels, and the payment (PaymentChoice). Continue appears only when the
// names, a valid phone number (and a valid e-mail, if one is given), at least one seat, and the proof (or the
// choice to send it later) are there.
import type { ComponentChildren } from 'preact';
import {
  EMAIL_MAX_LENGTH,
  isPassengerComplete,
  NAME_MAX_LENGTH,
  passengerProblems,
  type PassengerDraft,
} from '../lib/passenger.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { TextField } from './TextField.tsx';

interface Props {
  value: PassengerDraft;
  onChange: (value: PassengerDraft) => void;
  seatCount: number;
  /** The payment part of the step. */
  payment: ComponentChildren;
  /** Why the payment part cannot go on yet (shown as the hint), or null. */
  paymentProblem: string | null;
  onContinue: () => void;
  onBack: () => void;
}

export function PassengerForm({ value, onChange, seatCount, paymentProblem, ...props }: Props) {
  const { m } = useI18n();
  const problems = passengerProblems(value);
  const complete = isPassengerComplete(value) && seatCount > 0;
  const canContinue = complete && paymentProblem === null;
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
      {props.payment}
      {!canContinue && <p class="hint">{complete ? paymentProblem : m.passenger.continueHint}</p>}
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
