import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LongText } from './long-text.tsx';

interface Change {
  key: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields that differ between a log entry's before and after (all of one side when the other is empty), after the
 * `context` fields that say what the entry is about (the voter of a response): those are shown even when unchanged, by their value.
 */
export function changesOf(before: unknown, after: unknown, context: readonly string[] = []): Change[] {
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  const same = (key: string) => JSON.stringify(from[key]) === JSON.stringify(to[key]);
  const about = context.filter((key) => keys.includes(key) && same(key)).map((key) => ({ key, before: undefined, after: to[key] ?? from[key] }));
  return [...about, ...keys.filter((key) => !same(key)).map((key) => ({ key, before: from[key], after: to[key] }))];
}

const MAX_SHOWN = 6;

interface LogDiffProps {
  before: unknown;
  after: unknown;
  /** The field's name in the page's language. */
  fieldLabel: (key: string) => string;
  /** A field's value in words (a status, a role), where the log's feature knows better than the plain value. */
  valueLabel?: (key: string, value: unknown) => string | undefined;
  /** Fields that name what the entry is about, shown first even when unchanged. */
  context?: readonly string[];
}

/** A compact before → after list of a log entry's changes, in the page's language. */
export function LogDiff({ before, after, fieldLabel, valueLabel, context }: LogDiffProps) {
  const { t } = useTranslation();
  const show = (key: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '—';
    const word = valueLabel?.(key, value);
    if (word !== undefined) return word;
    if (typeof value === 'boolean') return t(value ? 'common:yes' : 'common:no');
    if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
  const changes = changesOf(before, after, context);
  if (changes.length === 0) return <Typography variant="caption">—</Typography>;
  return (
    // At least 14rem, so a table cannot squeeze the changes into a sliver; values wrap between words (LongText breaks only long tokens).
    <Box sx={{ fontSize: 12, minWidth: '14rem', maxWidth: 480 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
        {changes.slice(0, MAX_SHOWN).map((change) => (
          <Box key={change.key} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {fieldLabel(change.key)}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {change.before !== undefined ? (
                <>
                  <Box component="del" sx={{ color: 'error.main' }}>
                    <LongText text={show(change.key, change.before)} />
                  </Box>
                  {' → '}
                </>
              ) : null}
              <Box component="ins" sx={{ color: 'success.dark', textDecoration: 'none' }}>
                <LongText text={show(change.key, change.after)} />
              </Box>
            </Box>
          </Box>
        ))}
      </Box>
      {/* Outside the list: a definition list holds only terms and their definitions. */}
      {changes.length > MAX_SHOWN ? (
        <Box sx={{ color: 'text.secondary' }}>{t('common:moreChanges', { count: changes.length - MAX_SHOWN })}</Box>
      ) : null}
    </Box>
  );
}
