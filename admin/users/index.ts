// Users (staff accounts): hand-written list; the generated create form is the spec's /register.
import PersonIcon from '@mui/icons-material/ManageAccounts';
import { users } from '../../shared/registry/index.ts';
import { generatedCreate } from '../generated/GeneratedCreate.tsx';
import type { ResourceScreens } from '../generated/screens.ts';
import { UserList } from './UserList.tsx';

export const userScreens: ResourceScreens = {
  list: UserList,
  create: generatedCreate(users),
  icon: PersonIcon,
  recordRepresentation: 'full_name',
};
