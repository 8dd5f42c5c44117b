// Sends a later payment proof and tracks it: upload progress, a stop button, and the answer. What the
// traveller chose and typed stays with the form, so a retry sends it again without retyping.
import { useEffect, useRef, useState } from 'preact/hooks';
import { apiPaths } from './api-paths.ts';
import { deviceId } from './device-id.ts';
import { proofForm, proofOutcome, type LaterProof, type ProofOutcome } from './proof-request.ts';
import { postForm, UploadInterrupted, type Upload } from './upload.ts';

export type ProofSendState =
  | { phase: 'idle' }
  | { phase: 'sending'; progress: number }
  | { phase: 'interrupted' }
  | { phase: 'problem'; problem: Extract<ProofOutcome, { kind: 'problem' }>['problem'] };

export function useProofSubmit() {
  const [state, setState] = useState<ProofSendState>({ phase: 'idle' });
  const upload = useRef<Upload | null>(null);

  useEffect(() => () => upload.current?.abort(), []);

  const send = async (proof: LaterProof): Promise<ProofOutcome | null> => {
    setState({ phase: 'sending', progress: 0 });
    const current = postForm(apiPaths.submitProof, proofForm(proof, deviceId()), (progress) =>
      setState({ phase: 'sending', progress }),
    );
    upload.current = current;
    try {
      const { status, body } = await current.done;
      const outcome = proofOutcome(status, body);
      setState(
        outcome.kind === 'problem' ? { phase: 'problem', problem: outcome.problem } : { phase: 'idle' },
      );
      return outcome;
    } catch (error) {
      if (!(error instanceof UploadInterrupted)) throw error;
      setState({ phase: 'interrupted' });
      return null;
    } finally {
      upload.current = null;
    }
  };

  return { state, send, stop: () => upload.current?.abort() };
}
