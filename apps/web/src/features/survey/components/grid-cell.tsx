import InputBase from '@mui/material/InputBase';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';

/** How a grid cell stands: a message of the server or a rule, as an error or a warning. */
export interface CellState {
  message?: string;
  severity?: 'error' | 'warning';
}

const border = (severity?: 'error' | 'warning') => (severity === 'error' ? 'error.main' : severity === 'warning' ? 'warning.main' : 'divider');

/**
 * One editable cell of the compact grid: a bare input (hundreds of them stay light), outlined red for an error and
 * amber for a warning, with the message as its tooltip and its accessible description.
 */
export function GridInput({
  label,
  value,
  state,
  disabled,
  width = 96,
  onChange,
}: {
  label: string;
  value: string;
  state: CellState;
  disabled: boolean;
  width?: number;
  onChange: (value: string) => void;
}) {
  const input = (
    <InputBase
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      inputProps={{ 'aria-label': label, 'aria-invalid': state.severity === 'error' || undefined, title: state.message, inputMode: 'decimal' }}
      sx={{
        width,
        px: 0.75,
        fontSize: 14,
        border: 1,
        borderColor: border(state.severity),
        borderRadius: 1,
        bgcolor: disabled ? 'action.hover' : 'background.paper',
      }}
    />
  );
  return (
    <TableCell sx={{ p: 0.5 }}>
      {state.message ? (
        <Tooltip title={state.message}>
          <span>{input}</span>
        </Tooltip>
      ) : (
        input
      )}
    </TableCell>
  );
}

/** A cell choosing one of a few values (car eligibility, class, …); empty means not given. */
export function GridSelect({
  label,
  value,
  options,
  state,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; text: string }[];
  state: CellState;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TableCell sx={{ p: 0.5 }}>
      <Tooltip title={state.message ?? ''} disableHoverListener={!state.message}>
        <Select
          size="small"
          value={value}
          disabled={disabled}
          displayEmpty
          onChange={(e) => onChange(String(e.target.value))}
          inputProps={{ 'aria-label': label }}
          error={state.severity === 'error'}
          sx={{ minWidth: 120, fontSize: 14, '& .MuiSelect-select': { py: 0.5 } }}
        >
          <MenuItem value="">—</MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.text}
            </MenuItem>
          ))}
        </Select>
      </Tooltip>
    </TableCell>
  );
}
