import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DEBOUNCE_MS = 300;

/** A search box that reports its text once typing pauses. */
export function SearchField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => report.current(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      size="small"
      type="search"
      label={label ?? t('common:search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ minWidth: 220 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
