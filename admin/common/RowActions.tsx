// The last column of a list: the row's actions as icons, under a header that names them (a table header is
// never empty), kept on one line at the end of the row.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface RowActionsProps {
  children: ReactNode;
  /** Read by Datagrid for the column header. */
  label?: string;
  textAlign?: 'left' | 'right';
}

export function RowActions({ children }: RowActionsProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.25, whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

/** The header of the actions column (pass it as `label`: Datagrid reads it from the element's props). */
export const ACTIONS_LABEL = 'rihla.ui.actions.column';
