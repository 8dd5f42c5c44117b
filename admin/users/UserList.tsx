// Staff accounts: name, e-mail, phone, delete; "Create User" goes to /register.
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Datagrid, EmailField, List, TextField, TopToolbar } from 'react-admin';
import { users } from '../../shared/registry/index.ts';
import { LinkButton } from '../common/LinkButton.tsx';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { listFilters } from '../generated/GeneratedList.tsx';

const filters = listFilters(users);

function Actions() {
  return (
    <TopToolbar>
      <LinkButton to="/register" label="rihla.users.create" icon={<PersonAddIcon />} variant="contained" />
    </TopToolbar>
  );
}

export function UserList() {
  return (
    <List resource="users" sort={users.defaultSort} filters={filters} actions={<Actions />} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="full_name" sortBy="first_name" />
        <EmailField source="email" />
        <TextField source="phone_number" />
        <DeleteRecordButton redirect={false} />
      </Datagrid>
    </List>
  );
}
