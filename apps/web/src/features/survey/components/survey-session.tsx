import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SaveResult } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';
import { applySaveResult, SURVEY_KEY } from '../api/survey-queries.ts';

/** The step on screen: sends its pending answers with the version they were based on, and reads the server's again. */
export interface StepSaver {
  save: (version: number) => Promise<SaveResult>;
  /** Drops the draft for the server's answers (after a conflict). */
  reload: () => void;
  /** The server refused cells (400): the step shows the messages on them. */
  invalid?: (error: ApiError) => void;
}

export type SaveState = 'saved' | 'dirty' | 'saving' | 'error' | 'conflict';

interface Session {
  editable: boolean;
  state: SaveState;
  savedAt: string | null;
  /** The step's answers changed: saved 2 s after the last change. */
  changed: (saver: StepSaver) => void;
  /** Saves what is pending now (on a step change); answers whether nothing is left unsaved. */
  flush: () => Promise<boolean>;
  /** A discrete action (add a position, clear one, acknowledge) saved at once with the current version. */
  saveNow: (save: (version: number) => Promise<SaveResult>) => Promise<SaveResult | null>;
  /** A form saved by its own button (the contact) says whether it holds unsaved changes, so leaving asks first. */
  setFormDirty: (dirty: boolean) => void;
}

const SessionContext = createContext<Session | null>(null);
export const AUTOSAVE_DELAY_MS = 2000;

export function useSurveySession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSurveySession outside SurveySessionProvider');
  return session;
}

/**
 * The questionnaire's autosave (design §5 item 10): a change is saved 2 s after the last one and on every step change,
 * "Saved at hh:mm" follows, a save someone else overtook (409) offers the newer answers, and leaving with unsaved
 * changes asks first (in the app and when the tab closes).
 */
export function SurveySessionProvider({
  version: serverVersion,
  savedAt: serverSavedAt,
  editable,
  children,
}: {
  version: number;
  savedAt: string | null;
  editable: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const version = useRef(serverVersion);
  const pending = useRef<StepSaver | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<boolean> | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [savedAt, setSavedAt] = useState(serverSavedAt);
  const [conflict, setConflict] = useState<{ saver: StepSaver; version: number } | null>(null);
  const [formDirty, setFormDirty] = useState(false);

  useEffect(() => {
    // A refetch after completion, withdrawal or an import brings a newer version; nothing pending is lost by it.
    if (!pending.current) version.current = serverVersion;
  }, [serverVersion]);

  const done = useCallback(
    (result: SaveResult) => {
      version.current = result.version;
      setSavedAt(result.savedAt);
      applySaveResult(client, result);
    },
    [client],
  );

  const run = useCallback(
    async (saver: StepSaver, basedOn: number): Promise<boolean> => {
      setState('saving');
      try {
        done(await saver.save(basedOn));
        if (pending.current === saver) pending.current = null;
        setState(pending.current ? 'dirty' : 'saved');
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NOTHING_TO_SAVE') {
          if (pending.current === saver) pending.current = null;
          setState('saved');
          return true;
        }
        if (error instanceof ApiError && error.code === 'SURVEY_STALE') {
          const newer = (error.details as { version?: number } | undefined)?.version ?? basedOn;
          setConflict({ saver, version: newer });
          setState('conflict');
          return false;
        }
        if (error instanceof ApiError && error.code === 'VALIDATION') saver.invalid?.(error);
        toast.error(t('errors:saveResponsesFailed'), error instanceof ApiError ? error.message : undefined);
        setState('error');
        return false;
      }
    },
    [done, t],
  );

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (running.current) await running.current;
    const saver = pending.current;
    if (!saver) return true;
    running.current = run(saver, version.current);
    try {
      return await running.current;
    } finally {
      running.current = null;
    }
  }, [run]);

  const changed = useCallback(
    (saver: StepSaver) => {
      pending.current = saver;
      setState('dirty');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  const saveNow = useCallback(
    async (save: (v: number) => Promise<SaveResult>): Promise<SaveResult | null> => {
      // Whatever is pending goes first, so the action is based on the latest version.
      if (!(await flush())) return null;
      setState('saving');
      try {
        const result = await save(version.current);
        done(result);
        setState('saved');
        return result;
      } catch (error) {
        setState('error');
        if (error instanceof ApiError && error.code === 'SURVEY_STALE') {
          await client.invalidateQueries({ queryKey: SURVEY_KEY });
          toast.error(error.message);
        } else throw error;
        return null;
      }
    },
    [client, done, flush],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  const dirty = formDirty || state === 'dirty' || state === 'saving' || state === 'error' || state === 'conflict';
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // Autosaved answers are saved on a step change; a form with its own button (the contact) asks before any move.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || (formDirty && currentLocation.search !== nextLocation.search)),
  );

  const resolve = async (keepMine: boolean) => {
    if (!conflict) return;
    const { saver, version: newer } = conflict;
    setConflict(null);
    version.current = newer;
    if (keepMine) {
      await run(saver, newer);
      return;
    }
    pending.current = null;
    saver.reload();
    await client.invalidateQueries({ queryKey: SURVEY_KEY });
    setState('saved');
  };

  const session = useMemo<Session>(
    () => ({ editable, state, savedAt, changed, flush, saveNow, setFormDirty }),
    [editable, state, savedAt, changed, flush, saveNow],
  );

  return (
    <SessionContext.Provider value={session}>
      {children}
      <Dialog open={conflict !== null} aria-labelledby="survey-conflict-title">
        <DialogTitle id="survey-conflict-title">{t('survey:session.conflictTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('survey:errors.stale')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void resolve(false)}>{t('survey:session.loadNewer')}</Button>
          <Button variant="contained" onClick={() => void resolve(true)}>
            {t('survey:session.keepMine')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={blocker.state === 'blocked'} aria-labelledby="survey-leave-title">
        <DialogTitle id="survey-leave-title">{t('survey:session.leaveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('survey:session.leaveText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()}>{t('survey:session.stay')}</Button>
          {formDirty ? null : (
            <Button
              onClick={async () => {
                if (await flush()) blocker.proceed?.();
                else blocker.reset?.();
              }}
            >
              {t('survey:session.saveAndLeave')}
            </Button>
          )}
          <Button color="error" onClick={() => blocker.proceed?.()}>
            {t('survey:session.leave')}
          </Button>
        </DialogActions>
      </Dialog>
    </SessionContext.Provider>
  );
}
