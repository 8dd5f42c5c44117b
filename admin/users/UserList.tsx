// Staff accounts: name, e-mail, phone, role; edit and delete as icons (delete never on one's own account: the
// server refuses it, OWN_ACCOUNT); "Create User" goes to /register. On a phone, one row per account (name,
// e-mail, role) that opens it.
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Datagrid,
  EmailField,
  List,
  SelectField,
  TextField,
  TopToolbar,
  useGetIdentity,
  useRecordContext,
} from 'react-admin';
import { users } from '../../shared/registry/index.ts';
import { LinkButton } from '../common/LinkButton.tsx';
import { Fact, PhoneList } from '../common/PhoneList.tsx';
import { ACTIONS_LABEL, RowActions } from '../common/RowActions.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { listFilters, OpenButton } from '../generated/GeneratedList.tsx';
import { roleChoices } from './roles.ts';

const filters = listFilters(users);

function Actions() {
  return (
    <TopToolbar>
      <LinkButton to="/register" label="rihla.users.create" icon={<PersonAddIcon />} variant="contained" />
    </TopToolbar>
  );
}

/** Delete, on every account but one's own. */
function DeleteOthers() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  if (!record || !identity || String(record.id) === String(identity.id)) return null;
  return <DeleteRecordButton redirect={false} />;
}

const role = <SelectField source="role" choices={roleChoices} />;

export function UserList() {
  const phone = useIsPhone();
  return (
    <List resource="users" sort={users.defaultSort} filters={filters} actions={<Actions />} exporter={false}>
      {phone ? (
        <PhoneList
          primary={<TextField source="full_name" />}
          secondary={[
            <Fact key="email">
              <TextField source="email" component="bdi" sx={{ overflowWrap: 'anywhere' }} />
            </Fact>,
            <Fact key="role">{role}</Fact>,
          ]}
          rowClick="edit"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="full_name" sortBy="first_name" />
          <EmailField source="email" />
          <TextField source="phone_number" />
          {role}
          <RowActions label={ACTIONS_LABEL}>
            <OpenButton view="edit" />
            <DeleteOthers />
          </RowActions>
        </Datagrid>
      )}
    </List>
  );
}
