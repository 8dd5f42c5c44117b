// Users (staff accounts): hand-written list (with roles) and edit; the generated create form is the spec's
// /register (its role select comes from the registry).
import PersonIcon from '@mui/icons-material/ManageAccounts';
import { users } from '../../shared/registry/index.ts';
import { generatedCreate } from '../generated/GeneratedCreate.tsx';
import type { ResourceScreens } from '../generated/screens.ts';
import { UserEdit } from './UserEdit.tsx';
import { UserList } from './UserList.tsx';

export const userScreens: ResourceScreens = {
  list: UserList,
  create: generatedCreate(users),
  edit: UserEdit,
  icon: PersonIcon,
  recordRepresentation: 'full_name',
};
