import { DateTimeField } from './date-time-field.tsx';

/** A date bound of a list filter; '' means none. */
export function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <DateTimeField kind="date" size="small" label={label} value={value} onChange={onChange} sx={{ width: 180 }} />;
}
