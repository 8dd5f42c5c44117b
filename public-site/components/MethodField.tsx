// How the traveller paid: Bankak, mobile money, a cash deposit or something else.
import { useId } from 'preact/hooks';
import { PAYMENT_METHODS } from '../../shared/payments.ts';
import type { PaymentMethod } from '../lib/payment.ts';
import { useI18n } from '../lib/use-i18n.ts';

export function MethodField({
  value,
  onChange,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { m } = useI18n();
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{m.payment.method}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value as PaymentMethod)}
      >
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {m.payment.methods[method]}
          </option>
        ))}
      </select>
    </div>
  );
}
