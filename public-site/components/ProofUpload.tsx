// The payment-proof field: buttons in the page's language instead of the browser's own file control (whose
// "Choose File" follows the browser's language): on a phone, take a photo or choose from the gallery; else
// choose an image. Then the prepared file's name, size and preview.
import { useId, useRef } from 'preact/hooks';
import { ACCEPTED_TYPES } from '../lib/compress-image.ts';
import { formatBytes } from '../lib/format.ts';
import { fill } from '../lib/i18n.ts';
import { useI18n } from '../lib/use-i18n.ts';
import type { ProofState } from '../lib/use-payment-proof.ts';
import { Filled } from './Filled.tsx';

interface Props {
  proof: ProofState;
  onChoose: (file: File | undefined) => void;
  onClear: () => void;
}

/** A touch screen: a phone or a tablet, which has a camera to photograph the receipt with. */
const isTouch = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

export function ProofUpload({ proof, onChoose, onClear }: Props) {
  const { m, lang } = useI18n();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  // The booking form and a later proof's form may both be on the page (under the thank-you overlay).
  const id = useId();
  const size = (bytes: number) => formatBytes(bytes, lang, m);
  const touch = isTouch();
  const onChange = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    onChoose(input.files?.[0]);
  };
  const described = `${id}-help ${id}-status`;
  return (
    <div class="field proof" role="group" aria-labelledby={`${id}-label`}>
      <p class="label" id={`${id}-label`}>
        {m.proof.label}
      </p>
      <p class="hint" id={`${id}-help`}>
        {m.proof.help}
      </p>
      <div class={touch ? 'file-buttons two' : 'file-buttons'}>
        {touch && (
          <label class="button secondary file-button">
            <input
              ref={(el) => void (inputs.current[1] = el)}
              type="file"
              class="visually-hidden"
              accept="image/*"
              capture="environment"
              aria-describedby={described}
              onChange={onChange}
            />
            {m.proof.camera}
          </label>
        )}
        <label class="button secondary file-button">
          <input
            ref={(el) => void (inputs.current[0] = el)}
            id={id}
            type="file"
            class="visually-hidden"
            accept={`${ACCEPTED_TYPES.join(',')},image/*`}
            aria-labelledby={`${id}-label ${id}-choose`}
            aria-describedby={described}
            onChange={onChange}
          />
          <span id={`${id}-choose`}>{touch ? m.proof.gallery : m.proof.choose}</span>
        </label>
      </div>
      <div id={`${id}-status`} role="status">
        {proof.status === 'none' && <p class="hint">{m.proof.noFile}</p>}
        {proof.status === 'preparing' && <p class="hint">{m.proof.preparing}</p>}
        {proof.status === 'error' && <p class="message error">{m.proof[proof.problem]}</p>}
        {proof.status === 'ready' && (
          <div class="proof-ready">
            {proof.previewUrl && (
              <img src={proof.previewUrl} alt={m.proof.previewAlt} width={64} height={64} />
            )}
            <p>
              <Filled
                text={m.proof.ready}
                values={{ name: <bdi>{proof.name}</bdi>, size: size(proof.blob.size) }}
              />
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
                for (const input of inputs.current) if (input) input.value = '';
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
