// A list with nothing in it yet: react-admin's words ("No trip yet." — "Do you want to add one?") and its
// create button, under an h2 (its own page uses an h4 right below the page's h1) in readable grey.
import Inbox from '@mui/icons-material/Inbox';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CreateButton,
  useGetResourceLabel,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
} from 'react-admin';

export function EmptyList() {
  const resource = useResourceContext() ?? '';
  const { hasCreate } = useResourceDefinition();
  const translate = useTranslate();
  const name = useGetResourceLabel()(resource, 0);
  return (
    <Box sx={{ textAlign: 'center', color: 'text.secondary', my: 6 }} data-testid="empty-list">
      <Inbox sx={{ fontSize: 96 }} />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {translate(`resources.${resource}.empty`, { _: translate('ra.page.empty', { name }) })}
      </Typography>
      {hasCreate && (
        <>
          <Typography sx={{ mb: 2 }}>{translate('ra.page.invite')}</Typography>
          <CreateButton variant="contained" />
        </>
      )}
    </Box>
  );
}
