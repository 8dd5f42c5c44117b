// A react-admin button that is a link to a route of the back-office.
import type { ReactElement } from 'react';
import { Button, Link } from 'react-admin';

interface LinkButtonProps {
  to: string;
  label: string;
  icon?: ReactElement;
  variant?: 'text' | 'outlined' | 'contained';
}

export function LinkButton({ to, label, icon, variant = 'text' }: LinkButtonProps) {
  return (
    <Button
      component={Link}
      to={to}
      label={label}
      variant={variant}
      onClick={(event: React.MouseEvent) => event.stopPropagation()}
    >
      {icon}
    </Button>
  );
}
