// An ID given at the door for one seat: the traveller's name, the document's type (shared/boarding.ts) and
// number. Checked here by the server's rules, kept on the phone and sent at once when online, later otherwise.
import { useState } from 'preact/hooks';
import { ID_TYPES, travellerProblem } from '../../../shared/boarding.ts';
import { useApp } from '../lib/app-context.ts';
import { fill, useI18n } from '../lib/i18n.ts';
import type { DoorTraveller } from '../lib/travellers.ts';
import type { IdEdit, PackageTicket } from '../lib/types.ts';

interface Props {
  tripId: string;
  ticket: PackageTicket;
  traveller: DoorTraveller;
  onDone: () => void;
}

export function IdForm({ tripId, ticket, traveller, onDone }: Props) {
  const { m } = useI18n();
  const { controller } = useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<IdEdit | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const given = {
      fullName: String(form.get('fullName') ?? ''),
      idType: String(form.get('idType') ?? ''),
      idNumber: String(form.get('idNumber') ?? ''),
    };
    // At the door the point is the ID: both its type and its number.
    const found =
      travellerProblem(given) ?? (!given.idType ? 'idType' : !given.idNumber ? 'idNumber' : undefined);
    if (found) return setProblem(m.idForm.problems[found]);
    setProblem(null);
    setBusy(true);
    try {
      setSaved(
        await controller.saveId({
          tripId,
          bookingId: ticket.bookingId,
          ticketId: ticket.ticketId,
          seat: traveller.seat,
          ...given,
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  const outcome =
    saved?.state === 'sent'
      ? m.idForm.sent
      : saved?.state === 'pending'
        ? m.idForm.queued
        : saved?.problem === 'TRIP_DEPARTED'
          ? m.idForm.departed
          : saved?.problem === 'NOT_DOOR_TRIP'
            ? m.idForm.notDoorTrip
            : saved?.problem === 'NOT_YOUR_TRIP'
              ? m.idForm.notYourTrip
              : saved
                ? fill(m.idForm.failed, { message: saved.problem ?? '' })
                : null;

  return (
    <form class="card stack id-form" onSubmit={submit} data-testid="id-form">
      <h2>{fill(m.idForm.heading, { seat: traveller.seat })}</h2>
      <label class="field">
        <span>{m.idForm.fullName}</span>
        <input name="fullName" defaultValue={traveller.fullName ?? ''} autocomplete="off" required />
      </label>
      <label class="field">
        <span>{m.idForm.idType}</span>
        <select name="idType" defaultValue={traveller.idType ?? ''}>
          <option value="">{m.idForm.chooseType}</option>
          {ID_TYPES.map((type) => (
            <option key={type} value={type}>
              {m.idTypes[type]}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>{m.idForm.idNumber}</span>
        <input name="idNumber" dir="ltr" autocomplete="off" inputMode="text" />
      </label>
      {problem && (
        <p class="note note-error" role="alert">
          {problem}
        </p>
      )}
      {outcome && (
        <p
          class={`note ${saved?.state === 'refused' ? 'note-error' : 'note-ok'}`}
          role="status"
          data-testid="id-outcome"
        >
          {outcome}
        </p>
      )}
      <div class="row">
        {!saved && (
          <button type="submit" class="button button-main" disabled={busy}>
            {busy ? m.idForm.saving : m.idForm.save}
          </button>
        )}
        <button type="button" class="button" onClick={onDone}>
          {saved ? m.idForm.close : m.idForm.cancel}
        </button>
      </div>
    </form>
  );
}
