// Users (staff accounts): hand-written list (with roles) and edit; the generated create form is the spec's
// /register (its role select comes from the registry).
import PersonIcon from '@mui/icons-material/ManageAccounts';
import { users } from '../../shared/registry/index.ts';
import { generated, office, type ResourceScreens } from '../generated/screens.ts';

export const userScreens: ResourceScreens = {
  views: {
    list: async () => (await office()).UserList,
    create: generated.create(users),
    edit: async () => (await office()).UserEdit,
  },
  icon: PersonIcon,
  recordRepresentation: 'full_name',
};
