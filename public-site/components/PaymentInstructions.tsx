// How to pay: the amount and where to send it (Bankak account and its name, mobile-money wallets): the trip's
// company's account when it has one (issue 24), otherwise the operator's as configured on the server. With nothing configured the traveller is told to contact the
// operator, and no account is made up.
import { usePayTo } from '../lib/use-trip-payment.ts';
import type { ComponentChild } from 'preact';
import { formatPrice } from '../lib/format.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { useSettings } from '../lib/use-settings.ts';
import { Ltr } from './Filled.tsx';

/** One detail; the operator's names and numbers may be in either script, so each is isolated. */
function Row({ label, children }: { label: ComponentChild; children: ComponentChild }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function PaymentInstructions({ amount, tripId }: { amount: number; tripId?: string }) {
  const { m, lang } = useI18n();
  const { settings, failed } = useSettings();
  const { pay, loading } = usePayTo(tripId);
  const phone = settings?.operator.phone;
  const hasAccounts = !!pay && (pay.bankakAccount !== '' || pay.wallets.length > 0);
  return (
    <div class="pay-to">
      <dl class="summary">
        <div class="summary-total">
          <dt>{m.payment.amount}</dt>
          <dd>{formatPrice(amount, lang, m)}</dd>
        </div>
      </dl>
      {hasAccounts && (
        <>
          <p class="pay-to-title">{m.payment.payTo}</p>
          <dl class="summary">
            {pay.bankakAccount && (
              <Row label={m.payment.bankak}>
                <Ltr>{pay.bankakAccount}</Ltr>
              </Row>
            )}
            {pay.bankakAccount && pay.accountName && (
              <Row label={m.payment.accountName}>
                <bdi>{pay.accountName}</bdi>
              </Row>
            )}
            {pay.wallets.map((wallet) => (
              <Row key={wallet.name} label={<bdi>{wallet.name}</bdi>}>
                <Ltr>{wallet.number}</Ltr>
              </Row>
            ))}
          </dl>
        </>
      )}
      {!hasAccounts && !loading && (settings || failed) && (
        <>
          <p class="hint">{m.payment.contactOperator}</p>
          {phone && (
            <dl class="summary">
              <Row label={m.payment.operatorPhone}>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                  {phone}
                </a>
              </Row>
            </dl>
          )}
        </>
      )}
    </div>
  );
}
