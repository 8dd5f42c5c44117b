// A list on a phone: one card-like row per record (react-admin's SimpleList, as its demo shows lists on small
// screens) that opens the record, where its actions are. `primary` names the record; `secondary` are its
// facts, one line each, never a table cell squeezed to a few letters.
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { SimpleList } from 'react-admin';

interface PhoneListProps {
  primary: ReactNode;
  secondary?: ReactNode;
  /** Where a tap goes: react-admin's 'edit' or 'show', or a path for a record. */
  rowClick: 'edit' | 'show' | ((id: string) => string) | false;
}

export function PhoneList({ primary, secondary, rowClick }: PhoneListProps) {
  return (
    <SimpleList
      primaryText={
        <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
          {primary}
        </Box>
      }
      secondaryText={
        secondary ? (
          <Box component="span" sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, mt: 0.25 }}>
            {secondary}
          </Box>
        ) : undefined
      }
      rowClick={typeof rowClick === 'function' ? (id) => rowClick(String(id)) : rowClick}
      sx={{ '& .MuiListItemText-secondary': { color: 'text.secondary' } }}
    />
  );
}

/** One fact of a phone row: a line of its own (a label, when given, before the value). */
export function Fact({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      {children}
    </Box>
  );
}
