// The payments' pages share a title and tabs: proofs to check (with their count), bank statement, refunds,
// text messages to travellers. On a phone the four share the width, their labels on two lines if need be (none cut off).
import Badge from '@mui/material/Badge';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link, Title, useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../i18n/format.ts';
import { IMPORT_PATH, MESSAGES_PATH, PAYMENTS_PATH, REFUNDS_PATH } from './paths.ts';
import { scrollsSideways } from './styles.ts';
import { usePaymentsWaiting } from './usePaymentsWaiting.ts';

const TABS = [
  { key: 'queue', to: PAYMENTS_PATH },
  { key: 'import', to: IMPORT_PATH },
  { key: 'refunds', to: REFUNDS_PATH },
  { key: 'messages', to: MESSAGES_PATH },
] as const;

export function PaymentsHeader({ current }: { current: (typeof TABS)[number]['key'] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const waiting = usePaymentsWaiting();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      <Title title="rihla.payments.title" />
      <Tabs
        value={current}
        variant={phone ? 'fullWidth' : 'scrollable'}
        sx={{ ...scrollsSideways, mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(({ key, to }) => (
          <Tab
            key={key}
            value={key}
            wrapped
            component={Link}
            to={to}
            label={
              key === 'queue' && waiting ? (
                <Badge
                  color="warning"
                  badgeContent={formatNumber(waiting, locale)}
                  sx={{
                    '& .MuiBadge-badge': { position: 'static', transform: 'none', marginInlineStart: 1 },
                  }}
                >
                  {translate('rihla.payments.tabs.queue')}
                </Badge>
              ) : (
                translate(`rihla.payments.tabs.${key}`)
              )
            }
          />
        ))}
      </Tabs>
    </>
  );
}
