// The sidebar: dashboard, bookings, trips, reports, companies, buses, employees, users and settings, in that
// order, then the public inboxes; any other registry resource that is neither listed here nor reference data
// (reached from Settings) is appended, so a new one shows up.
import BookOnlineIcon from '@mui/icons-material/BookOnline';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import LuggageIcon from '@mui/icons-material/Luggage';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/ManageAccounts';
import RouteIcon from '@mui/icons-material/Route';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ReactElement } from 'react';
import { Menu } from 'react-admin';
import { resources } from '../../shared/registry/index.ts';
import { REFERENCE_DATA } from '../../shared/routes.ts';

const ITEMS: { key: string; to: string; icon: ReactElement }[] = [
  { key: 'dashboard', to: '/dashboard', icon: <DashboardIcon /> },
  { key: 'bookings', to: '/bookings', icon: <BookOnlineIcon /> },
  { key: 'trips', to: '/trips', icon: <RouteIcon /> },
  { key: 'reports', to: '/reports', icon: <DescriptionIcon /> },
  { key: 'companies', to: '/companies', icon: <BusinessIcon /> },
  { key: 'buses', to: '/buses', icon: <DirectionsBusIcon /> },
  { key: 'employees', to: '/employees', icon: <PeopleIcon /> },
  { key: 'users', to: '/user', icon: <PersonIcon /> },
  { key: 'settings', to: '/setting', icon: <SettingsIcon /> },
  { key: 'lostItems', to: '/lostItems', icon: <LuggageIcon /> },
  { key: 'enquiries', to: '/enquiries', icon: <MailIcon /> },
];

// Reference data is reached from the Settings page.
const listed = new Set([...ITEMS.map((item) => item.key), ...REFERENCE_DATA.map(({ resource }) => resource)]);
const others = resources.filter((def) => !listed.has(def.name));

export function RihlaMenu() {
  return (
    <Menu>
      {ITEMS.map(({ key, to, icon }) => (
        <Menu.Item key={key} to={to} primaryText={`rihla.menu.${key}`} leftIcon={icon} />
      ))}
      {others.map((def) => (
        <Menu.ResourceItem key={def.name} name={def.name} />
      ))}
    </Menu>
  );
}
