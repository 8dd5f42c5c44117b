// The sidebar: dashboard, payments (with the count of proofs waiting), bookings, trips, timetables, reports, companies,
// buses, employees, users and settings, in that order, then the public inboxes, the activity log and one's own
// password; any other registry resource that is neither listed here nor reference data (reached from Settings)
// is appended, so a new one shows up. Each role sees only the pages it may open (admin/auth/access.ts, from
// shared/roles.ts).
import BookOnlineIcon from '@mui/icons-material/BookOnline';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import LuggageIcon from '@mui/icons-material/Luggage';
import MailIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/ManageAccounts';
import RouteIcon from '@mui/icons-material/Route';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import type { ReactElement } from 'react';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Menu, useLocale, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { resources } from '../../shared/registry/index.ts';
import { REFERENCE_DATA } from '../../shared/routes.ts';
import { inMenu, MENU_PAGES, pageAllowed } from '../auth/access.ts';
import { useRole } from '../auth/useCan.ts';
import { formatNumber } from '../i18n/format.ts';
import { PAYMENTS_PATH } from '../payments/paths.ts';
import { usePaymentsWaiting } from '../payments/usePaymentsWaiting.ts';

const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  payments: <PaymentsIcon />,
  bookings: <BookOnlineIcon />,
  trips: <RouteIcon />,
  timetables: <EventRepeatIcon />,
  disruptions: <EventBusyIcon />,
  reports: <DescriptionIcon />,
  companies: <BusinessIcon />,
  buses: <DirectionsBusIcon />,
  employees: <PeopleIcon />,
  users: <PersonIcon />,
  settings: <SettingsIcon />,
  lostItems: <LuggageIcon />,
  enquiries: <MailIcon />,
  activity: <HistoryIcon />,
  password: <KeyIcon />,
};

const notCurrent = { '&.RaMenuItemLink-active': { color: 'text.secondary', fontWeight: 'inherit' } };

// Reference data is reached from the Settings page.
const listed = new Set([
  ...MENU_PAGES.flatMap((page) => ('resource' in page ? [page.resource] : [])),
  ...REFERENCE_DATA.map(({ resource }) => resource),
  'timetables',
]);
const others = resources.filter((def) => !listed.has(def.name));

/** Payments, with the number of proofs waiting (refreshed every 30 s and after every decision). */
function PaymentsItem({ to, icon }: { to: string; icon: ReactElement }) {
  const translate = useTranslate();
  const locale = useLocale();
  const waiting = usePaymentsWaiting();
  const [open] = useSidebarState();
  const label = translate('rihla.menu.payments');
  return (
    <Menu.Item
      to={to}
      data-testid="menu-payments"
      // A dot on the icon when the sidebar is collapsed (the label hidden), the count beside the label; spans
      // (MUI's Badge would weigh on every page).
      leftIcon={
        <Box component="span" sx={{ position: 'relative', display: 'inline-flex' }}>
          {icon}
          {!!waiting && !open && (
            <Box
              component="span"
              sx={{
                position: 'absolute',
                top: -2,
                insetInlineEnd: -3,
                width: 9,
                height: 9,
                borderRadius: '50%',
                bgcolor: 'warning.main',
              }}
            />
          )}
        </Box>
      }
      primaryText={
        <>
          {label}
          {!!waiting && (
            <Box
              component="span"
              data-testid="payments-waiting"
              aria-hidden
              sx={{
                marginInlineStart: 1,
                px: 0.75,
                minWidth: 22,
                borderRadius: 11,
                bgcolor: 'warning.main',
                color: 'warning.contrastText',
                fontSize: '0.75rem',
                fontWeight: 600,
                lineHeight: '22px',
                textAlign: 'center',
              }}
            >
              {formatNumber(waiting, locale)}
            </Box>
          )}
          {/* Its name says what the number is: "Payments (1 proof waiting)". */}
          {!!waiting && (
            <Box component="span" sx={visuallyHidden}>
              {` (${translate('rihla.menu.proofs_waiting', { smart_count: waiting, count: formatNumber(waiting, locale) })})`}
            </Box>
          )}
        </>
      }
    />
  );
}

export function RihlaMenu() {
  // The payments' pages live under /bookings/…: there, Bookings is not the current page.
  const onPayments = useLocation().pathname.startsWith(PAYMENTS_PATH);
  const { known, role } = useRole();
  if (!known) return <Menu />;
  return (
    <Menu>
      {MENU_PAGES.filter((page) => pageAllowed(role, page)).map(({ key, to }) =>
        key === 'payments' ? (
          <PaymentsItem key={key} to={to} icon={ICONS[key]} />
        ) : (
          <Menu.Item
            key={key}
            to={to}
            primaryText={`rihla.menu.${key}`}
            leftIcon={ICONS[key]}
            data-testid={`menu-${key}`}
            sx={key === 'bookings' && onPayments ? notCurrent : undefined}
          />
        ),
      )}
      {others
        .filter((def) => inMenu(role, def.name))
        .map((def) => (
          <Menu.ResourceItem key={def.name} name={def.name} />
        ))}
    </Menu>
  );
}
