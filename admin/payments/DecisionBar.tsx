// The review's decisions, kept in view at the bottom of the screen on a phone as on a desktop: Verify,
// Reject and Next, each showing its key. A flagged payment's Verify is amber: it asks for an override.
import CheckIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Cancel';
import NextIcon from '@mui/icons-material/SkipNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';

interface DecisionBarProps {
  canVerify: boolean;
  canReject: boolean;
  busy: boolean;
  flagged: boolean;
  rtl: boolean;
  onVerify: () => void;
  onReject: () => void;
  onNext: () => void;
}

/**
 * A key cap beside a button's label (not on a phone, which has no keyboard to press it on); the button
 * carries aria-keyshortcuts for assistive technology.
 */
function Key({ children }: { children: string }) {
  return (
    <Box
      component="kbd"
      aria-hidden
      sx={{
        display: { xs: 'none', sm: 'inline-block' },
        marginInlineStart: 1,
        px: 0.75,
        border: 1,
        borderColor: 'currentColor',
        borderRadius: 0.5,
        fontFamily: 'monospace',
        fontSize: '0.8em',
        lineHeight: 1.5,
        opacity: 0.85,
      }}
    >
      {children}
    </Box>
  );
}

function Action(props: {
  label: string;
  keys: string;
  shortcut: string;
  icon: ReactElement;
  color: 'success' | 'warning' | 'error' | 'inherit';
  variant: 'contained' | 'outlined' | 'text';
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      color={props.color}
      variant={props.variant}
      startIcon={props.icon}
      disabled={props.disabled}
      onClick={props.onClick}
      aria-keyshortcuts={props.shortcut}
      sx={{ flex: { xs: 1, sm: 'none' }, whiteSpace: 'nowrap', minWidth: 0 }}
    >
      {props.label}
      <Key>{props.keys}</Key>
    </Button>
  );
}

export function DecisionBar(props: DecisionBarProps) {
  const translate = useTranslate();
  const arrow = props.rtl ? '←' : '→';
  return (
    <Paper
      elevation={6}
      sx={{
        position: 'sticky',
        bottom: 8,
        zIndex: 2,
        p: 1,
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        justifyContent: { sm: 'flex-end' },
      }}
      data-testid="decision-bar"
    >
      <Action
        label={translate('rihla.payments.review.verify')}
        keys="V"
        shortcut="V"
        icon={<CheckIcon />}
        color={props.flagged ? 'warning' : 'success'}
        variant="contained"
        disabled={!props.canVerify || props.busy}
        onClick={props.onVerify}
      />
      <Action
        label={translate('rihla.payments.review.reject')}
        keys="R"
        shortcut="R"
        icon={<CloseIcon />}
        color="error"
        variant="outlined"
        disabled={!props.canReject || props.busy}
        onClick={props.onReject}
      />
      <Action
        label={translate('rihla.payments.review.next')}
        keys={`N ${arrow}`}
        shortcut={`N ${props.rtl ? 'ArrowLeft' : 'ArrowRight'}`}
        icon={<NextIcon sx={{ transform: props.rtl ? 'scaleX(-1)' : undefined }} />}
        color="inherit"
        variant="text"
        disabled={props.busy}
        onClick={props.onNext}
      />
    </Paper>
  );
}
