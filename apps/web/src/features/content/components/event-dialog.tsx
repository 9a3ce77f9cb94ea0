import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CalendarEvent } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-time-field.tsx';
import { CheckboxField } from '../../../components/form-checkbox.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStaffPrefix } from '../../../lib/api-prefix.ts';
import { useCommitteeChoices, useSaveEvent } from '../api/calendar.ts';
import { type FormTimes, instantsOf, timesOf, toggledTimes } from './event-times.ts';
import { notifyDone, notifyFailed } from './notify.ts';

/** Creates or edits an event: titles and descriptions in both languages, times, place or link, committee, registration. */
export function EventDialog({ event, times, onClose }: { event?: CalendarEvent; times?: FormTimes; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useSaveEvent(useStaffPrefix());
  const choices = useCommitteeChoices();
  const [f, setF] = useState({
    titleEn: event?.titleEn ?? '',
    titleRu: event?.titleRu ?? '',
    descriptionEn: event?.descriptionEn ?? '',
    descriptionRu: event?.descriptionRu ?? '',
    place: event?.place ?? '',
    onlineUrl: event?.onlineUrl ?? '',
    committeeId: event?.committee ? String(event.committee.id) : '',
    registration: event?.registration ?? false,
    seats: event?.seats ? String(event.seats) : '',
  });
  const [when, setWhen] = useState<FormTimes>(event ? timesOf(event) : (times ?? { allDay: false, start: '', end: '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => setF((s) => ({ ...s, [key]: e.target.value }));
  const nameOf = (c: { nameEn: string; nameRu: string }) => (i18n.language === 'ru' ? c.nameRu : c.nameEn);

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = {
      ...f,
      ...instantsOf(when),
      allDay: when.allDay,
      committeeId: f.committeeId ? Number(f.committeeId) : null,
      seats: f.registration && f.seats ? Number(f.seats) : null,
    };
    save.mutate(
      { id: event?.id, event: body },
      {
        onSuccess: (saved) => {
          notifyDone('eventSaved', { title: nameOf({ nameEn: saved.titleEn, nameRu: saved.titleRu }) });
          onClose();
        },
        onError: (error) => {
          setErrors(error instanceof ApiError ? error.fields : {});
          notifyFailed('eventSaved', error);
        },
      },
    );
  };
  const field = (key: string) => ({ error: Boolean(errors[key]), helperText: errors[key] });
  // A whole-day event is picked by its days, another by its start and end times; each kind starts a field of its own.
  const kind = when.allDay ? 'date' : 'dateTime';

  return (
    <FormDialog
      title={event ? t('content:calendar.editTitle') : t('content:calendar.newTitle')}
      submitLabel={t('common:save')}
      pending={save.isPending}
      maxWidth="md"
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('content:calendar.titleEn')} value={f.titleEn} onChange={set('titleEn')} required fullWidth {...field('titleEn')} />
          <TextField label={t('content:calendar.titleRu')} value={f.titleRu} onChange={set('titleRu')} required fullWidth {...field('titleRu')} />
        </Stack>
        <CheckboxField label={t('content:calendar.allDay')} checked={when.allDay} onChange={(allDay) => setWhen((w) => toggledTimes(w, allDay))} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateTimeField
            key={`start-${kind}`}
            kind={kind}
            label={t(when.allDay ? 'content:calendar.firstDay' : 'content:calendar.startsAt')}
            value={when.start}
            onChange={(start) => setWhen((w) => ({ ...w, start }))}
            required
            fullWidth
            {...field('startsAt')}
          />
          <DateTimeField
            key={`end-${kind}`}
            kind={kind}
            label={t(when.allDay ? 'content:calendar.lastDay' : 'content:calendar.endsAt')}
            value={when.end}
            onChange={(end) => setWhen((w) => ({ ...w, end }))}
            required
            fullWidth
            {...field('endsAt')}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField label={t('content:calendar.placeField')} value={f.place} onChange={set('place')} fullWidth {...field('place')} />
          <TextField
            label={t('content:calendar.onlineUrl')}
            value={f.onlineUrl}
            onChange={set('onlineUrl')}
            fullWidth
            placeholder="https://"
            {...field('onlineUrl')}
          />
        </Stack>
        <TextField select label={t('content:calendar.committee')} value={f.committeeId} onChange={set('committeeId')} {...field('committeeId')}>
          <MenuItem value="">{t('content:calendar.everyone')}</MenuItem>
          {(choices.data ?? []).map((c) => (
            <MenuItem key={c.id} value={String(c.id)} sx={c.parentId ? { pl: 4 } : undefined}>
              {nameOf(c)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('content:calendar.descriptionEn')}
          value={f.descriptionEn}
          onChange={set('descriptionEn')}
          multiline
          minRows={2}
          {...field('descriptionEn')}
        />
        <TextField
          label={t('content:calendar.descriptionRu')}
          value={f.descriptionRu}
          onChange={set('descriptionRu')}
          multiline
          minRows={2}
          {...field('descriptionRu')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <CheckboxField
            label={t('content:calendar.registrationField')}
            checked={f.registration}
            onChange={(registration) => setF((s) => ({ ...s, registration }))}
            error={errors.registration}
          />
          {f.registration ? (
            <TextField
              type="number"
              label={t('content:calendar.seats')}
              value={f.seats}
              onChange={set('seats')}
              slotProps={{ htmlInput: { min: 1 } }}
              {...field('seats')}
              helperText={errors.seats ?? t('content:calendar.seatsHelp')}
            />
          ) : null}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
