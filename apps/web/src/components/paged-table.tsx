import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { LIMITS } from '@portal/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format.ts';

export interface Column<T> {
  key: string;
  label: string;
  /** The server's sort key, when the column can be sorted. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Keep the cell on one line (dates, phones). */
  nowrap?: boolean;
}

/** Paging and sorting of a server-side list (page is 1-based, as the API counts). */
export interface TableState {
  page: number;
  pageSize: number;
  sort?: string;
  order: 'asc' | 'desc';
}

export const PAGE_SIZES = [25, 50, 100] as const;
export const initialTableState = (sort?: string, order: 'asc' | 'desc' = 'asc'): TableState => ({ page: 1, pageSize: 50, sort, order });

/** A list's paging and sorting; `filtered` wraps a filter's setter so that a new filter starts again from page 1. */
export function useTableState(sort?: string, order: 'asc' | 'desc' = 'asc') {
  const [table, setTable] = useState(() => initialTableState(sort, order));
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setTable((s) => ({ ...s, page: 1 }));
    };
  return { table, setTable, filtered };
}

const CELL_SPACING = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: 2 },
} as const;

interface PagedTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  total: number;
  loading?: boolean;
  state: TableState;
  onStateChange: (state: TableState) => void;
  rowKey: (row: T) => string | number;
  /** Extra styling of a row (e.g. unviewed entries). */
  rowSx?: (row: T) => object | undefined;
  emptyText?: string;
  /** Hide the paginator (short lists that the server answers whole). */
  noPaging?: boolean;
}

/** A table whose paging and sorting are done by the server. */
export function PagedTable<T>({
  label,
  columns,
  rows,
  total,
  loading,
  state,
  onStateChange,
  rowKey,
  rowSx,
  emptyText,
  noPaging,
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  const sortBy = (key: string) =>
    onStateChange({ ...state, page: 1, sort: key, order: state.sort === key && state.order === 'asc' ? 'desc' : 'asc' });
  return (
    <Paper variant="outlined">
      {loading ? <LinearProgress aria-label={t('common:loading')} sx={{ height: 2 }} /> : <div style={{ height: 2 }} />}
      {/* Below 960 px a wide table scrolls inside its container; from there up it fits: headings wrap between their words and
          the gap between columns is 16 px (the table keeps 16 px at its sides), so a staff list at 1366 px, in English or
          Russian, shows its last column and its row actions. */}
      <TableContainer>
        <Table size="small" aria-label={label} sx={CELL_SPACING}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{ fontWeight: 600, width: column.width }}
                  sortDirection={column.sortKey && state.sort === column.sortKey ? state.order : false}
                >
                  {column.sortKey ? (
                    <TableSortLabel
                      active={state.sort === column.sortKey}
                      direction={state.sort === column.sortKey ? state.order : 'asc'}
                      onClick={() => sortBy(column.sortKey as string)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover sx={rowSx?.(row)}>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align} sx={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows.length === 0 && !loading ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {emptyText ?? t('common:table.noRows')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {noPaging ? null : (
        <TablePagination
          component="div"
          count={total}
          page={Math.max(0, state.page - 1)}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_event, page) => onStateChange({ ...state, page: page + 1 })}
          onRowsPerPageChange={(event) => onStateChange({ ...state, page: 1, pageSize: Number(event.target.value) })}
          labelRowsPerPage={t('common:table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            // A total above the cap is a count that stopped there (see LIMITS.countCap).
            count > LIMITS.countCap
              ? t('common:table.displayedRowsMore', { from: formatNumber(from), to: formatNumber(to), count: formatNumber(LIMITS.countCap) })
              : t('common:table.displayedRows', { from: formatNumber(from), to: formatNumber(to), count: formatNumber(count) })
          }
          getItemAriaLabel={(type) => t(`common:table.${type}Page`)}
          showFirstButton
          showLastButton
          // On a phone the page size, the count and the page buttons wrap instead of running off the screen.
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 1 } }}
        />
      )}
    </Paper>
  );
}
