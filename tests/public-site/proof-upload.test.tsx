// The payment-proof picker: buttons in the page's language, not the browser's "Choose File"; on a phone,
// taking a photo with the camera or choosing from the gallery; the file chosen reaches the form.
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../shared/i18n/public/en.ts';
import { ProofUpload } from '../../public-site/components/ProofUpload.tsx';
import { loadMessages } from '../../public-site/lib/i18n.ts';
import type { ProofState } from '../../public-site/lib/use-payment-proof.ts';
import { chooseFile, proofFile, renderAt } from './helpers.tsx';

/** A phone's browser (a coarse pointer) or a computer's. */
function pointer(coarse: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

const none: ProofState = { status: 'none' };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('payment-proof picker', () => {
  it('is a translated button, the file input itself hidden, on a computer', async () => {
    pointer(false);
    const ar = await loadMessages('ar');
    const onChoose = vi.fn();
    renderAt('/', <ProofUpload proof={none} onChoose={onChoose} onClear={() => {}} />, {
      lang: 'ar',
      messages: ar,
    });
    const group = screen.getByRole('group', { name: ar.proof.label });
    const inputs = group.querySelectorAll<HTMLInputElement>('input[type=file]');
    expect(inputs).toHaveLength(1);
    expect(inputs[0].classList.contains('visually-hidden')).toBe(true);
    expect(inputs[0].closest('label')!.textContent).toBe(ar.proof.choose);
    expect(inputs[0].hasAttribute('capture')).toBe(false);
    expect(group.textContent).toContain(ar.proof.noFile);
    expect(group.textContent).not.toMatch(/Choose File|No file chosen/);

    const file = proofFile();
    chooseFile(screen.getByLabelText(ar.proof.label, { exact: false, selector: 'input' }), file);
    expect(onChoose).toHaveBeenCalledWith(file);
  });

  it('offers the camera or the gallery on a phone', () => {
    pointer(true);
    const onChoose = vi.fn();
    renderAt('/', <ProofUpload proof={none} onChoose={onChoose} onClear={() => {}} />);
    const camera = screen.getByLabelText(en.proof.camera) as HTMLInputElement;
    expect(camera.type).toBe('file');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.accept).toBe('image/*');
    const gallery = screen.getByLabelText(en.proof.label, { exact: false, selector: 'input' });
    expect(gallery.hasAttribute('capture')).toBe(false);
    expect(gallery.closest('label')!.textContent).toBe(en.proof.gallery);

    const photo = proofFile('IMG_2041.png');
    chooseFile(camera, photo);
    expect(onChoose).toHaveBeenCalledWith(photo);
  });
});
