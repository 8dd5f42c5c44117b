// Settings (/setting): the four buttons of spec section 2 (create origin, destination, price, employee
// position), each with a link to the list of what exists already.
import AddIcon from '@mui/icons-material/Add';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { LinkButton } from '../common/LinkButton.tsx';

const ITEMS = [
  { resource: 'origins', create: '/create-origin', label: 'rihla.settings.create_origin' },
  { resource: 'destinations', create: '/create-destination', label: 'rihla.settings.create_destination' },
  { resource: 'prices', create: '/create-price', label: 'rihla.settings.create_price' },
  { resource: 'positions', create: '/create-employee-position', label: 'rihla.settings.create_position' },
];

export function SettingsPage() {
  const translate = useTranslate();
  return (
    <>
      <Title title="rihla.settings.title" />
      <Typography sx={{ my: 2 }} color="text.secondary">
        {translate('rihla.settings.intro')}
      </Typography>
      <Grid container spacing={2}>
        {ITEMS.map(({ resource, create, label }) => (
          <Grid key={resource} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate(`resources.${resource}.name`, { smart_count: 2 })}
                </Typography>
                <LinkButton to={create} label={label} icon={<AddIcon />} variant="contained" />
                <LinkButton to={`/${resource}`} label="rihla.settings.view_all" />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
