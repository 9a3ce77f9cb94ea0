import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Something to choose: a company, a person. */
export interface Choice {
  id: number;
  name: string;
}

const SEARCH_DEBOUNCE_MS = 250;

type Selection =
  | { multiple?: false; value: Choice | null; onChange: (value: Choice | null) => void }
  | { multiple: true; value: Choice[]; onChange: (value: Choice[]) => void };

type SearchAutocompleteProps<Key extends QueryKey> = Selection & {
  label: string;
  /** The server's matches for what the user typed ('' for the first page), as choices. */
  query: (search: string) => UseQueryOptions<Choice[], Error, Choice[], Key>;
  noOptionsText: string;
  size?: 'small' | 'medium';
  margin?: 'none' | 'normal';
  error?: boolean;
  helperText?: string;
  inputRef?: React.Ref<HTMLInputElement>;
};

/**
 * A select whose options the server searches as the user types, so a long list (300 companies, 10,000 people)
 * is never loaded whole; one choice or several. What is chosen stays shown whatever the current matches are.
 */
export function SearchAutocomplete<Key extends QueryKey>(props: SearchAutocompleteProps<Key>) {
  const { label, query, noOptionsText, size, margin, error, helperText, inputRef } = props;
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const chosen = props.multiple ? props.value : props.value ? [props.value] : [];
  // The chosen name shown in a single select's input is not a search.
  const term = !props.multiple && search === props.value?.name ? '' : search;
  const matches = useQuery({ ...query(term), enabled: open });
  const found = matches.data ?? [];
  const options = [...chosen.filter((c) => !found.some((o) => o.id === c.id)), ...found];
  return (
    <Autocomplete<Choice, boolean>
      multiple={props.multiple}
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={props.value}
      onChange={(_event, next) => (props.multiple ? props.onChange(next as Choice[]) : props.onChange(next as Choice | null))}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(items) => items}
      filterSelectedOptions={props.multiple}
      loading={matches.isFetching}
      loadingText={t('common:loading')}
      noOptionsText={noOptionsText}
      clearText={t('common:clear')}
      openText={t('common:openList')}
      closeText={t('common:close')}
      sx={{ minWidth: 240 }}
      renderInput={(params) => <TextField {...params} label={label} margin={margin} error={error} helperText={helperText} inputRef={inputRef} />}
    />
  );
}
