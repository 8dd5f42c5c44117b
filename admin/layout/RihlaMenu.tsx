// The sidebar: the pages of admin/auth/access.ts's MENU_PAGES (dashboard, payments with the count of proofs
// waiting, then the resources and our other pages in their order; a registry resource with no place is
// appended, so a new one shows up). Each role sees only the pages it may open (admin/auth/access.ts, from
// shared/roles.ts). A resource's icon is its screens' (admin/screens.ts); our own pages' are below.
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import InsightsIcon from '@mui/icons-material/Insights';
import KeyIcon from '@mui/icons-material/Key';
import PaymentsIcon from '@mui/icons-material/Payments';
import SettingsIcon from '@mui/icons-material/Settings';
import DefaultIcon from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import type { ReactElement } from 'react';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Menu, useLocale, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { getResource, resourceLabelKey } from '../../shared/registry/index.ts';
import { type MenuPage, MENU_PAGES, pageAllowed } from '../auth/access.ts';
import { useRole } from '../auth/useCan.ts';
import { formatNumber } from '../i18n/format.ts';
import { PAYMENTS_PATH } from '../payments/paths.ts';
import { usePaymentsWaiting } from '../payments/usePaymentsWaiting.ts';
import { screensFor } from '../screens.ts';

/** The icons of our own pages. */
const OWN_ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  payments: <PaymentsIcon />,
  disruptions: <EventBusyIcon />,
  analytics: <InsightsIcon />,
  shifts: <PointOfSaleIcon />,
  settings: <SettingsIcon />,
  password: <KeyIcon />,
};

const notCurrent = { '&.RaMenuItemLink-active': { color: 'text.secondary', fontWeight: 'inherit' } };

function iconOf(page: MenuPage): ReactElement {
  if (!('resource' in page)) return OWN_ICONS[page.key];
  const Icon = screensFor(getResource(page.resource)).icon ?? DefaultIcon;
  return <Icon />;
}

/** A page's name in the menu; a resource without a menu word of its own is named as its screens name it. */
function useMenuLabel() {
  const translate = useTranslate();
  return (page: MenuPage) =>
    translate(`rihla.menu.${page.key}`, {
      _: 'resource' in page ? translate(resourceLabelKey(page.resource), { smart_count: 2 }) : page.key,
    });
}

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
  // The payments' pages live under /bookings/…: there, the item leading to /bookings is not the current page.
  const onPayments = useLocation().pathname.startsWith(PAYMENTS_PATH);
  const label = useMenuLabel();
  const { known, role, companyId } = useRole();
  if (!known) return <Menu />;
  return (
    <Menu>
      {MENU_PAGES.filter((page) => pageAllowed(role, page, companyId)).map((page) =>
        page.key === 'payments' ? (
          <PaymentsItem key={page.key} to={page.to} icon={iconOf(page)} />
        ) : (
          <Menu.Item
            key={page.key}
            to={page.to}
            // A node, not a string: react-admin would look the words up again.
            primaryText={<>{label(page)}</>}
            leftIcon={iconOf(page)}
            data-testid={`menu-${page.key}`}
            sx={onPayments && PAYMENTS_PATH.startsWith(`${page.to}/`) ? notCurrent : undefined}
          />
        ),
      )}
    </Menu>
  );
}
