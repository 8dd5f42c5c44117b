// "Send payment proof": the form is fetched only when the traveller opens it (most look-ups never need it).
import { useI18n } from '../lib/use-i18n.ts';
import { useOnDemand } from '../lib/use-on-demand.ts';
import type { LaterProofProps } from './LaterProofForm.tsx';
import { Spinner } from './Spinner.tsx';

const loadForm = () => import('./LaterProofForm.tsx');

export function LaterProof(props: LaterProofProps) {
  const { m } = useI18n();
  const form = useOnDemand(loadForm);
  if (form.state.status === 'ready') {
    const Form = form.state.value;
    return <Form {...props} />;
  }
  return (
    <div class="later-proof">
      {form.state.status === 'failed' && (
        <p class="message error" role="alert">
          {m.payment.formFailed}
        </p>
      )}
      {form.state.status === 'loading' ? (
        <Spinner label={m.common.loading} />
      ) : (
        <button type="button" class="button" onClick={form.load}>
          {form.state.status === 'failed' ? m.common.retry : m.payment.send}
        </button>
      )}
    </div>
  );
}
