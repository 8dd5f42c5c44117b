// The payment-proof field: a file picker for images, then the prepared file's name, size and preview.
import { useId, useRef } from 'preact/hooks';
import { ACCEPTED_TYPES } from '../lib/compress-image.ts';
import { formatBytes } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { ProofState } from '../lib/use-payment-proof.ts';

interface Props {
  proof: ProofState;
  onChoose: (file: File | undefined) => void;
  onClear: () => void;
}

export function ProofUpload({ proof, onChoose, onClear }: Props) {
  const { m, lang } = useI18n();
  const inputRef = useRef<HTMLInputElement>(null);
  // The booking form and a later proof's form may both be on the page (under the thank-you overlay).
  const id = useId();
  const size = (bytes: number) => formatBytes(bytes, lang, m);
  return (
    <div class="field proof">
      <label for={id}>{m.proof.label}</label>
      <p class="hint" id={`${id}-help`}>
        {m.proof.help}
      </p>
      <input
        id={id}
        type="file"
        accept={`${ACCEPTED_TYPES.join(',')},image/*`}
        aria-describedby={`${id}-help ${id}-status`}
        ref={inputRef}
        onChange={(event) => {
          const input = event.currentTarget as HTMLInputElement;
          onChoose(input.files?.[0]);
        }}
      />
      <div id={`${id}-status`} role="status">
        {proof.status === 'preparing' && <p class="hint">{m.proof.preparing}</p>}
        {proof.status === 'error' && <p class="message error">{m.proof[proof.problem]}</p>}
        {proof.status === 'ready' && (
          <div class="proof-ready">
            {proof.previewUrl && (
              <img src={proof.previewUrl} alt={m.proof.previewAlt} width={64} height={64} />
            )}
            <p>
              {fill(m.proof.ready, { name: proof.name, size: size(proof.blob.size) })}
              {proof.blob.size < proof.originalSize && (
                <>
                  <br />
                  {fill(m.proof.compressed, { from: size(proof.originalSize), to: size(proof.blob.size) })}
                </>
              )}
            </p>
            <button
              type="button"
              class="link-button"
              onClick={() => {
                if (inputRef.current) inputRef.current.value = '';
                onClear();
              }}
            >
              {m.proof.remove}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
