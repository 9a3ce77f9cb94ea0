import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface RowAction {
  /** The button's accessible name, also its tooltip ("Deactivate Demo Pharma"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: 'default' | 'primary' | 'success' | 'error';
  hidden?: boolean;
}

/** The icon buttons at the end of a table row. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {actions
        .filter((action) => !action.hidden)
        .map((action) => (
          <Tooltip key={action.label} title={action.label}>
            <IconButton size="small" aria-label={action.label} onClick={action.onClick} color={action.color ?? 'default'}>
              {action.icon}
            </IconButton>
          </Tooltip>
        ))}
    </Stack>
  );
}
