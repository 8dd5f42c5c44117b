// Paging of the payments' lists, in react-admin's words ("1-25 of 60").
import TablePagination from '@mui/material/TablePagination';
import { useTranslate } from 'react-admin';
import { PER_PAGE } from './usePaging.ts';

export function Pager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const translate = useTranslate();
  if (total <= PER_PAGE) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={PER_PAGE}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => onPage(next)}
      labelDisplayedRows={({ from, to, count }) =>
        translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
    />
  );
}
