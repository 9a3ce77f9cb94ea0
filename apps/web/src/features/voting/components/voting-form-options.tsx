import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { LIMITS } from '@portal/shared';
import { useRef } from 'react';
import { type Control, type UseFormGetValues, type UseFormSetValue, useFieldArray, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { VotingFormSection } from './voting-form-section.tsx';
import { emptyOption, type VotingFormValues } from './voting-form-values.ts';

/** The answer options: sequence number, name and comment each, reordered by the arrows, by dragging or by typing a number. */
export function VotingFormOptions({
  control,
  getValues,
  setValue,
}: {
  control: Control<VotingFormValues>;
  getValues: UseFormGetValues<VotingFormValues>;
  setValue: UseFormSetValue<VotingFormValues>;
}) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const options = useFieldArray({ control, name: 'options' });
  const { errors } = useFormState({ control });

  /** Puts the options in sequence-number order and numbers them 1…n (the edited one first among equal numbers). */
  const renumber = (edited?: number) => {
    const current = getValues('options');
    const order = current
      .map((o, index) => ({ o, index, seq: Number(o.seq) }))
      .sort(
        (a, b) =>
          (Number.isFinite(a.seq) ? a.seq : 1e9) - (Number.isFinite(b.seq) ? b.seq : 1e9) ||
          (a.index === edited ? -1 : b.index === edited ? 1 : a.index - b.index),
      );
    options.replace(order.map(({ o }, i) => ({ ...o, seq: String(i + 1) })));
  };
  /** Moves an option (by the arrows or by dragging it) and renumbers the sequence. */
  const move = (from: number, to: number) => {
    if (from === to) return;
    options.move(from, to);
    for (let i = 0; i < getValues('options').length; i++) setValue(`options.${i}.seq`, String(i + 1));
  };
  const dragged = useRef<number | null>(null);
  const optionsError = (errors.options as { root?: { message?: string }; message?: string } | undefined) ?? undefined;
  const optionsMessage = optionsError?.root?.message ?? optionsError?.message;

  return (
    <VotingFormSection title={t('voting:form.options')}>
      <Stack spacing={1} role="list" aria-label={t('voting:form.options')}>
        {options.fields.map((field, index) => {
          const n = index + 1;
          return (
            <Stack
              key={field.id}
              role="listitem"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged.current !== null) move(dragged.current, index);
                dragged.current = null;
              }}
            >
              <Box
                draggable
                onDragStart={(event) => {
                  dragged.current = index;
                  event.dataTransfer.effectAllowed = 'move';
                }}
                title={t('voting:form.dragOption')}
                sx={{ cursor: 'grab', pt: { sm: 2 }, display: { xs: 'none', sm: 'block' }, color: 'text.secondary' }}
              >
                <DragIndicatorOutlined fontSize="small" />
              </Box>
              <Box
                sx={{ flexShrink: 0 }}
                onBlur={() => {
                  if (getValues(`options.${index}.seq`) !== String(index + 1)) renumber(index);
                }}
              >
                <FormTextField
                  control={control}
                  name={`options.${index}.seq`}
                  type="number"
                  size="small"
                  label={t('voting:form.seqShort')}
                  sx={{ width: { sm: 90 } }}
                  fullWidth={false}
                  margin="dense"
                  slotProps={{ htmlInput: { min: 1, 'aria-label': t('voting:form.optionSeq', { n }) } }}
                />
              </Box>
              <FormTextField
                control={control}
                name={`options.${index}.name`}
                size="small"
                margin="dense"
                label={t('voting:form.nameShort')}
                required
                slotProps={{ htmlInput: { 'aria-label': t('voting:form.optionName', { n }) } }}
              />
              <FormTextField
                control={control}
                name={`options.${index}.comment`}
                size="small"
                margin="dense"
                label={t('voting:form.commentShort')}
                slotProps={{ htmlInput: { 'aria-label': t('voting:form.optionComment', { n }) } }}
              />
              <Stack direction="row" sx={{ pt: { sm: 1 }, flexShrink: 0 }}>
                <IconButton aria-label={t('voting:form.moveUp', { n })} disabled={index === 0} onClick={() => move(index, index - 1)} size="small">
                  <ArrowUpwardOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={t('voting:form.moveDown', { n })}
                  disabled={index === options.fields.length - 1}
                  onClick={() => move(index, index + 1)}
                  size="small"
                >
                  <ArrowDownwardOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={t('voting:form.removeOption', { n })}
                  onClick={() => {
                    options.remove(index);
                    setTimeout(() => renumber(), 0);
                  }}
                  size="small"
                  color="error"
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Stack>
            </Stack>
          );
        })}
      </Stack>
      {optionsMessage ? (
        <FormHelperText error role="alert">
          {translate(optionsMessage)}
        </FormHelperText>
      ) : null}
      <Button
        startIcon={<AddOutlined />}
        sx={{ mt: 1 }}
        disabled={options.fields.length >= LIMITS.votingOptionsMax}
        onClick={() => options.append(emptyOption(options.fields.length + 1))}
      >
        {t('voting:form.addOption')}
      </Button>
    </VotingFormSection>
  );
}
