// A row action as an icon with its name in a tooltip and for screen readers: a link to another screen, or a
// button. Lists keep one narrow column of these instead of a row of text buttons.
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { Link, useTranslate } from 'react-admin';

interface IconActionProps {
  /** A translation key (or words already translated, with `translated`). */
  label: string;
  icon: ReactElement;
  to?: string;
  onClick?: () => void;
  color?: 'default' | 'primary' | 'error' | 'warning';
  translated?: boolean;
  disabled?: boolean;
}

export function IconAction({
  label,
  icon,
  to,
  onClick,
  color = 'primary',
  translated,
  disabled,
}: IconActionProps) {
  const translate = useTranslate();
  const name = translated ? label : translate(label, { _: label });
  const stop = (event: React.MouseEvent) => event.stopPropagation();
  const button = to ? (
    <IconButton
      component={Link}
      to={to}
      aria-label={name}
      color={color}
      size="small"
      onClick={stop}
      disabled={disabled}
    >
      {icon}
    </IconButton>
  ) : (
    <IconButton
      aria-label={name}
      color={color}
      size="small"
      disabled={disabled}
      onClick={(event) => {
        stop(event);
        onClick?.();
      }}
    >
      {icon}
    </IconButton>
  );
  // A disabled button gets no pointer events: the tooltip listens on a wrapper.
  return <Tooltip title={name}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}
