// Phone-sized screens (under MUI's `sm`, 600 px) get cards instead of tables, as react-admin's demo does.
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

export const useIsPhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
