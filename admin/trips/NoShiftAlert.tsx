// A counter sale refused for want of an open shift (NO_OPEN_SHIFT): the reason stays on the form, with the way
// to the Shifts screen to open one (a toast alone would leave staff to find it in the menu).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { Link, useTranslate } from 'react-admin';
import { SHIFTS_PATH } from '../../shared/routes.ts';

export function NoShiftAlert() {
  const translate = useTranslate();
  const alert = useRef<HTMLDivElement>(null);
  // It appears under the button just pressed, below a phone's screen: bring it into sight.
  useEffect(() => {
    alert.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <Alert ref={alert} severity="warning" sx={{ mt: 2 }} data-testid="counter-no-shift">
      {translate('rihla.errors.codes.NO_OPEN_SHIFT')}
      {/* Below the sentence rather than beside it: a phone has no room for both on one line. */}
      <Button
        component={Link}
        to={SHIFTS_PATH}
        variant="outlined"
        color="inherit"
        size="small"
        sx={{ display: 'flex', width: 'fit-content', mt: 1 }}
        data-testid="counter-open-shift"
      >
        {translate('rihla.counter.open_shift')}
      </Button>
    </Alert>
  );
}
