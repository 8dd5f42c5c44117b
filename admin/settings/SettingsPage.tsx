// Settings (/setting): a create button for each kind of reference data (origin, destination, price, employee
// position), each with a link to the list of what exists already; for admins, what travellers see (contact
// details and payment accounts) and the refund rules.
import AddIcon from '@mui/icons-material/Add';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { REFERENCE_DATA } from '../../shared/routes.ts';
import { LinkButton } from '../common/LinkButton.tsx';
import { useCan } from '../auth/useCan.ts';
import { OperatorSettingsCard } from './OperatorSettingsCard.tsx';
import { RefundRulesCard } from './RefundRulesCard.tsx';

export function SettingsPage() {
  const translate = useTranslate();
  const mayChangeOperator = useCan('settings.manage');
  return (
    <>
      <Title title="rihla.settings.title" />
      <Typography sx={{ my: 2 }} color="text.secondary">
        {translate('rihla.settings.intro')}
      </Typography>
      <Grid container spacing={2}>
        {REFERENCE_DATA.map(({ resource, createPage, createLabel }) => (
          <Grid key={resource} size={{ xs: 12, sm: 6, md: 3 }}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate(`resources.${resource}.name`, { smart_count: 2 })}
                </Typography>
                <LinkButton
                  to={`/${createPage}`}
                  label={createLabel}
                  icon={<AddIcon />}
                  variant="contained"
                />
                <LinkButton to={`/${resource}`} label="rihla.settings.view_all" />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      {mayChangeOperator && <RefundRulesCard />}
      {mayChangeOperator && <OperatorSettingsCard />}
    </>
  );
}
