import DataObject from '@mui/icons-material/DataObject';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlaceholderInfo, useMailLabels } from './mail-labels.ts';

/** "Insert placeholder": the type's placeholders ({{name}}), the required ones marked; one chosen goes in at the cursor. */
export function PlaceholderMenu({ placeholders, onInsert }: { placeholders: readonly PlaceholderInfo[]; onInsert: (name: string) => void }) {
  const { t } = useTranslation();
  const labels = useMailLabels();
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (placeholders.length === 0) return null;
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        startIcon={<DataObject />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('committees:mailEditor.placeholder')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
      >
        {placeholders.map(({ name, required }) => (
          <MenuItem
            key={name}
            onClick={() => {
              setAnchor(null);
              onInsert(name);
            }}
          >
            <ListItemText
              primary={`{{${name}}}${required ? ` (${t('committees:mailEditor.required')})` : ''}`}
              secondary={labels.placeholder(name)}
              slotProps={{ primary: { sx: { fontFamily: 'monospace', fontWeight: required ? 600 : 400 } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
