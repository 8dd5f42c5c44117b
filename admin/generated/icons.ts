// The icons of the resources whose screens are generated (hand-written ones name theirs in their index.ts, as
// react-admin's examples do): the sidebar's and react-admin's Resource's. A resource without one gets
// react-admin's list icon, so a new resource needs no line here.
import BusinessIcon from '@mui/icons-material/Business';
import DirectionsBusIcon from '@mui/icons-material/DirectionsBus';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import LuggageIcon from '@mui/icons-material/Luggage';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import type { ComponentType } from 'react';
import type { ResourceName } from '../../shared/registry/index.ts';

export const generatedIcons: Partial<Record<ResourceName, ComponentType>> = {
  timetables: EventRepeatIcon,
  companies: BusinessIcon,
  buses: DirectionsBusIcon,
  employees: PeopleIcon,
  lostItems: LuggageIcon,
  enquiries: MailIcon,
};
