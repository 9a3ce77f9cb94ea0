import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../api/companies.ts';
import { useStaffPrefix } from '../api/prefix.ts';

export interface CompanyOption {
  id: number;
  name: string;
}

const SEARCH_DEBOUNCE_MS = 250;

interface CompanyAutocompleteProps {
  label: string;
  value: CompanyOption | null;
  onChange: (value: CompanyOption | null) => void;
  /** Offer only active companies (for adding people). */
  activeOnly?: boolean;
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
}

/** A searchable company select: the server searches by name as the user types (50 matches at a time). */
export function CompanyAutocomplete({ label, value, onChange, activeOnly, size, error, helperText, required, disabled }: CompanyAutocompleteProps) {
  const { t } = useTranslation();
  const prefix = useStaffPrefix();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  // The typed text equal to the chosen company's name is not a search.
  const query = {
    page: 1,
    pageSize: 50,
    sort: 'name',
    order: 'asc' as const,
    search: search === value?.name ? '' : search,
    isActive: activeOnly ? 'true' : '',
  };
  const companies = useCompanies(prefix, query, open);
  const options: CompanyOption[] = (companies.data?.rows ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <Autocomplete
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(items) => items}
      loading={companies.isFetching}
      loadingText={t('common:loading')}
      noOptionsText={t('organisation:noCompanies')}
      disabled={disabled}
      sx={{ minWidth: 240 }}
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} required={required} />}
    />
  );
}
