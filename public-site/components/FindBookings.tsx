// "Find my bookings": the phone, then the code texted to it, then the bookings made with it, which the
// traveller keeps on this phone with one button.
import { useState } from 'preact/hooks';
import {
  ACCESS_CODE_LENGTH,
  ACCESS_CODE_MINUTES,
  ACCESS_CODES_PER_HOUR,
  isAccessCode,
} from '../../shared/access-codes.ts';
import type { TicketsMessages } from '../../shared/i18n/public/tickets.en.ts';
import { isValidPhone, normalizeDigits } from '../../shared/rules.ts';
import { fill } from '../lib/i18n.ts';
import { saveTickets } from '../lib/saved-tickets.ts';
import { type FindProblem, useFindBookings } from '../lib/use-find-bookings.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Spinner } from './Spinner.tsx';
import { TextField } from './TextField.tsx';

interface Props {
  t: TicketsMessages;
  onSaved: () => void;
}

function problemText(problem: FindProblem, t: TicketsMessages['find']): string | null {
  if (!problem) return null;
  if (problem.kind === 'wrongCode') return fill(t.wrongCode, { left: problem.left });
  if (problem.kind === 'lastTry') return t.lastTry;
  if (problem.kind === 'expired') return t.expired;
  if (problem.kind === 'codeLimit')
    return problem.phone
      ? fill(t.phoneCodeLimit, { minutes: problem.minutes })
      : fill(t.codeLimit, { count: ACCESS_CODES_PER_HOUR, minutes: problem.minutes });
  return t.failed;
}

export function FindBookings({ t, onSaved }: Props) {
  const { lang } = useI18n();
  const find = useFindBookings(lang);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [saved, setSaved] = useState(false);
  const f = t.find;
  const { state } = find;
  const phoneOk = isValidPhone(phone);
  const codeOk = isAccessCode(normalizeDigits(code.trim()));
  const problem = problemText(find.problem, f);
  const busy = state.step === 'sending' || state.step === 'checking';

  const restart = () => {
    setSaved(false);
    setCode('');
    find.restart();
  };

  const save = async (bookings: Parameters<typeof saveTickets>[0]) => {
    await saveTickets(bookings, phone);
    setSaved(true);
    onSaved();
  };

  return (
    <section class="card find-bookings" aria-labelledby="find-bookings-title">
      <h2 id="find-bookings-title">{f.title}</h2>
      <p>{fill(f.intro, { digits: ACCESS_CODE_LENGTH })}</p>
      {(state.step === 'phone' || state.step === 'sending') && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!phoneOk) return;
            // A new code comes: the one typed before belongs to a request that is over.
            setCode('');
            void find.requestCode(phone);
          }}
          noValidate
        >
          <TextField
            label={f.phone}
            value={phone}
            onValue={setPhone}
            type="tel"
            inputMode="numeric"
            autocomplete="tel"
            required
            hint={f.phoneHint}
            invalid={phone !== '' && !phoneOk}
          />
          <button type="submit" class="button" disabled={!phoneOk || busy}>
            {state.step === 'sending' ? f.sending : f.send}
          </button>
        </form>
      )}
      {(state.step === 'code' || state.step === 'checking') && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (codeOk) void find.checkCode(phone, code);
          }}
          noValidate
        >
          <p class="message success" role="status">
            {fill(f.sent, { minutes: ACCESS_CODE_MINUTES })}
          </p>
          <TextField
            label={f.code}
            value={code}
            onValue={setCode}
            inputMode="numeric"
            autocomplete="one-time-code"
            maxLength={ACCESS_CODE_LENGTH + 2}
            required
            hint={fill(f.codeHint, { digits: ACCESS_CODE_LENGTH })}
            invalid={code !== '' && !codeOk}
          />
          <button type="submit" class="button" disabled={!codeOk || busy}>
            {f.show}
          </button>
          <button type="button" class="link-button" onClick={restart}>
            {f.again}
          </button>
        </form>
      )}
      {busy && <Spinner label={state.step === 'sending' ? f.sending : f.checking} />}
      {problem && (
        <p class="message error" role="alert">
          {problem}
        </p>
      )}
      {state.step === 'found' && (
        <div role="status">
          <p>{state.bookings.length ? fill(f.found, { count: state.bookings.length }) : f.noneFound}</p>
          {state.bookings.length > 0 && !saved && (
            <button type="button" class="button" onClick={() => void save(state.bookings)}>
              {f.save}
            </button>
          )}
          {saved && <p class="message success">{f.saved}</p>}
          <button type="button" class="link-button" onClick={restart}>
            {f.again}
          </button>
        </div>
      )}
    </section>
  );
}
