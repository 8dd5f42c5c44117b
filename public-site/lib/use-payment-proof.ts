// The payment screenshot chosen by the traveller, prepared (maybe compressed) as soon as it is picked,
// and kept when the traveller goes back and forth between the steps or sends again.
import { useEffect, useRef, useState } from 'preact/hooks';
import { prepareProof, ProofError, type PreparedProof, type ProofProblem } from './compress-image.ts';

export type ProofState =
  | { status: 'none' }
  | { status: 'preparing' }
  | ({ status: 'ready'; previewUrl: string } & PreparedProof)
  | { status: 'error'; problem: ProofProblem };

/** Some browsers (and test DOMs) cannot make object URLs: the preview is then simply left out. */
const previewOf = (blob: Blob) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';

export function usePaymentProof() {
  const [proof, setProof] = useState<ProofState>({ status: 'none' });
  const latest = useRef(0);

  useEffect(() => {
    const url = proof.status === 'ready' ? proof.previewUrl : null;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [proof]);

  const choose = async (file: File | undefined) => {
    const ticket = ++latest.current;
    if (!file) return setProof({ status: 'none' });
    setProof({ status: 'preparing' });
    try {
      const prepared = await prepareProof(file);
      if (ticket !== latest.current) return;
      setProof({ status: 'ready', ...prepared, previewUrl: previewOf(prepared.blob) });
    } catch (error) {
      if (ticket !== latest.current) return;
      setProof({ status: 'error', problem: error instanceof ProofError ? error.problem : 'unreadable' });
    }
  };

  const clear = () => {
    latest.current++;
    setProof({ status: 'none' });
  };

  return { proof, choose, clear };
}
