// A QR code read from a photo: the phone's camera app or a picture the traveller sent (a screenshot of the
// ticket), when live scanning is not possible.
import { useState } from 'preact/hooks';
import { useI18n } from '../lib/i18n.ts';
import { readPhoto } from '../lib/scanner.ts';

export function PhotoScan({ onCode }: { onCode: (text: string, startedAt: number) => void }) {
  const { m } = useI18n();
  const [problem, setProblem] = useState<string | null>(null);

  async function pick(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setProblem(null);
    let text: string | undefined;
    try {
      text = await readPhoto(file);
    } catch {
      return setProblem(m.check.scannerFailed);
    }
    if (text) onCode(text, performance.now());
    else setProblem(m.check.photoNone);
  }

  return (
    <>
      <label class="button">
        {m.check.photo}
        <input type="file" accept="image/*" class="visually-hidden" data-testid="photo" onChange={pick} />
      </label>
      {problem && (
        <p class="note note-error full" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
