import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { VotingDetail } from '@portal/shared';
import { useId } from 'react';

type Options = VotingDetail['options'];

/** Is this choice allowed: at least one, between min and max (one exactly when the voting takes one answer)? */
export const choiceValid = (chosen: readonly number[], min: number, max: number): boolean =>
  chosen.length >= Math.max(1, min) && chosen.length <= Math.max(1, max);

/** The answers of a voting: radio buttons when one answer is taken, checkboxes otherwise (no more than max can be ticked). */
export function AnswerPicker({
  legend,
  options,
  maxAnswers,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  options: Options;
  maxAnswers: number;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const legendId = useId();
  const sorted = [...options].sort((a, b) => a.seq - b.seq);
  const label = (o: Options[number]) => (
    <span>
      {o.name}
      {o.comment ? (
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          {o.comment}
        </Typography>
      ) : null}
    </span>
  );
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} fullWidth>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {legend}
      </FormLabel>
      {maxAnswers <= 1 ? (
        <RadioGroup aria-labelledby={legendId} value={value[0] ?? ''} onChange={(event) => onChange([Number(event.target.value)])}>
          {sorted.map((o) => (
            <FormControlLabel key={o.id} value={o.id} control={<Radio />} label={label(o)} sx={{ mb: 0.5 }} />
          ))}
        </RadioGroup>
      ) : (
        <FormGroup>
          {sorted.map((o) => {
            const checked = value.includes(o.id);
            return (
              <FormControlLabel
                key={o.id}
                sx={{ mb: 0.5 }}
                control={
                  <Checkbox
                    checked={checked}
                    disabled={disabled || (!checked && value.length >= maxAnswers)}
                    onChange={(event) => onChange(event.target.checked ? [...value, o.id] : value.filter((id) => id !== o.id))}
                  />
                }
                label={label(o)}
              />
            );
          })}
        </FormGroup>
      )}
      {error ? <FormHelperText role="alert">{error}</FormHelperText> : null}
    </FormControl>
  );
}
