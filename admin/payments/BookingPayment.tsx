// A booking's payment on its detail page: status, reference, method, deadline, who verified it when and how
// (with an override's note), a rejection's reason and note, the refund owed or paid; and the way to its
// review. Loaded with the page on demand, like the other payments' screens.
import FactCheckIcon from '@mui/icons-material/FactCheck';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import { LinkButton } from '../common/LinkButton.tsx';
import { formatMoney, formatTimestamp } from '../i18n/format.ts';
import { CashPayment } from './CashPayment.tsx';
import { Ltr } from './Ltr.tsx';
import { REFUNDS_PATH, reviewPath } from './paths.ts';
import { PaymentStatusChip } from './PaymentStatusChip.tsx';
import type { Booking } from './paymentsApi.ts';
import { Facts, useStaffName } from './ReviewDetails.tsx';

export default function BookingPayment() {
  const record = useRecordContext<Booking & { id: string }>();
  const translate = useTranslate();
  const locale = useLocale();
  const verifier = useStaffName(record?.verifiedBy);
  const refunder = useStaffName(record?.refundPaidBy);
  const seller = useStaffName(record?.soldBy);
  if (!record) return null;
  const field = (name: string) => translate(`resources.bookings.fields.${name}`);
  const when = (iso: string | null) => (iso ? formatTimestamp(iso, locale) : null);
  const money = (amount: number) => <bdi>{formatMoney(amount, locale, translate)}</bdi>;
  const rows: [string, ReactNode][] = [];
  const add = (name: string, value: ReactNode) =>
    value != null && value !== '' && rows.push([field(name), value]);

  add('paymentReference', record.paymentReference && <Ltr>{record.paymentReference}</Ltr>);
  add('paymentMethod', record.paymentMethod && translate(`rihla.payments.method.${record.paymentMethod}`));
  if (record.paymentStatus === 'proof_submitted' || record.paymentStatus === 'awaiting_proof')
    add('reviewDeadline', when(record.reviewDeadline));
  if (record.paymentStatus !== 'verified' && record.paymentStatus !== 'expired')
    add('paymentDeadline', when(record.paymentDeadline));
  if (record.paymentStatus === 'verified') {
    add('verifiedBy', record.verifiedBy && verifier);
    add('verifiedAt', when(record.verifiedAt));
    add(
      'verifiedVia',
      record.verifiedVia && translate(`rihla.payments.via.${record.verifiedVia}`, { _: record.verifiedVia }),
    );
    add('overrideNote', record.overrideNote);
  }
  add('soldBy', record.soldBy && seller);
  add(
    'rejectionReason',
    record.rejectionReason && translate(`rihla.payments.reason.${record.rejectionReason}`),
  );
  add('rejectionNote', record.rejectionNote);
  if (record.refundDue != null) {
    add(
      'refundDue',
      record.refundPaidAt ? (
        money(record.refundDue)
      ) : (
        <>
          {money(record.refundDue)}{' '}
          <Typography component="span" variant="body2" color="warning.main">
            ({translate('rihla.payments.detail.refund_owed')})
          </Typography>
        </>
      ),
    );
    add('refundPaidAt', when(record.refundPaidAt));
    add('refundPaidBy', record.refundPaidBy && refunder);
    add('refundReference', record.refundReference && <Ltr>{record.refundReference}</Ltr>);
  }

  return (
    <Box data-testid="booking-payment">
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h6" component="h2">
          {translate('rihla.payments.detail.title')}
        </Typography>
        <PaymentStatusChip status={record.paymentStatus} />
        <Box sx={{ flex: 1 }} />
        <LinkButton
          to={reviewPath(record.id)}
          label="rihla.payments.detail.review"
          icon={<FactCheckIcon />}
          variant={record.paymentStatus === 'proof_submitted' ? 'contained' : 'text'}
        />
        <CashPayment booking={record} />
        {record.refundDue != null && !record.refundPaidAt && (
          <LinkButton to={REFUNDS_PATH} label="rihla.payments.tabs.refunds" />
        )}
      </Stack>
      <Facts rows={rows} />
    </Box>
  );
}
