import { closedReason } from '@portal/shared/voting-rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkUser, FormError, getVoting, type PublicVoting, type Receipt, sendResponse, serverNow } from './api.ts';
import { answersFit, choiceRule, isSingleChoice } from './choice-rules.ts';
import { browserLocale, readLocaleCookie } from './locale.ts';
import type { Locale, MessageKey, Translate } from './messages.ts';

type Phase = 'loading' | 'failed' | 'closed' | 'email' | 'code' | 'answers' | 'confirm' | 'receipt';
/** The steps that ask the person something, each under its numbered heading. */
export type Step = 'email' | 'code' | 'answers' | 'confirm';
export type Field = 'email' | 'code' | 'optionIds';

/** What the page shows in its alert: the server's localised text, or a key of the form's own table. */
export interface UiError {
  text: string | null;
  key: MessageKey | null;
  params?: Record<string, string | number>;
  field: Field | null;
  /** Counts errors, so the same message twice still moves the focus to it. */
  seq: number;
}

/** Why the form takes no answer: the server's localised text, or a key of the form's own table. */
interface Closed {
  key: MessageKey | null;
  text: string | null;
}

const CODE_PATTERN = /^\d{6}$/;
// Deliberately loose: the server has the last word on the address.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// A phone's clock may lag the server's by a little: a voting started by hand "now" must not look not begun.
const CLOCK_TOLERANCE_MS = 5_000;

/**
 * The form's steps: loading the voting, then the e-mail, the code (when the voting asks for one), the answers,
 * their confirmation and the receipt; or why the voting takes no answer. Holds what was typed and chosen,
 * sends the three public calls one at a time and moves the focus as the steps and errors change.
 * The calls and notices are in the page's language (`locale`, `t`); `adoptLanguage` is handed the voting's own.
 */
export function useVotingFlow(slug: string, locale: Locale, t: Translate, adoptLanguage: (language: Locale) => void) {
  const [phase, setPhase] = useState<Phase>('loading');
  const [voting, setVoting] = useState<PublicVoting | null>(null);
  const [closed, setClosed] = useState<Closed | null>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [error, setError] = useState<UiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** After a wrong code at the last step, a new code leads straight back to the confirmation. */
  const backToConfirm = useRef(false);
  const errorSeq = useRef(0);
  const moved = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // Each step moves the focus to its heading (not on the first load: the page starts at its top) ...
  useEffect(() => {
    if (phase === 'loading' || !moved.current) return;
    (phase === 'closed' || phase === 'failed' ? alertRef : headingRef).current?.focus();
  }, [phase]);
  // ... and an error to its message (declared after, so it wins when a step change brings an error).
  const errorKey = error?.seq;
  useEffect(() => {
    if (errorKey !== undefined) alertRef.current?.focus();
  }, [errorKey]);

  /** Moves to a step without the last one's error (a failure sets its own right after). */
  const goTo = (next: Phase) => {
    moved.current = true;
    setError(null);
    setPhase(next);
  };
  const fail = (e: FormError | { key: MessageKey; params?: Record<string, string | number> }, field: Field | null = null) => {
    errorSeq.current += 1;
    setNotice(null);
    if (e instanceof FormError) {
      const fieldText = field ? e.fields[field] : undefined;
      setError({ text: fieldText ?? e.text, key: e.key, field, seq: errorSeq.current });
    } else {
      setError({ text: null, key: e.key, params: e.params, field, seq: errorSeq.current });
    }
  };
  const close = (e: FormError) => {
    setClosed({ key: e.key, text: e.text });
    goTo('closed');
  };

  const load = useCallback(async () => {
    setPhase('loading');
    setError(null);
    if (!slug) {
      setClosed({ key: 'notExist', text: null });
      setPhase('failed');
      return;
    }
    try {
      const v = await getVoting(slug, readLocaleCookie() ?? browserLocale());
      setVoting(v);
      adoptLanguage(v.language);
      const reason = closedReason(v, serverNow(), CLOCK_TOLERANCE_MS);
      if (reason) {
        setClosed({ key: reason, text: null });
        setPhase('closed');
      } else {
        setPhase('email');
      }
    } catch (e) {
      const err = e instanceof FormError ? e : new FormError('INTERNAL', null, 'somethingWrong');
      setClosed({ key: err.key, text: err.text });
      setPhase('failed');
    }
  }, [slug, adoptLanguage]);

  useEffect(() => {
    void load();
  }, [load]);

  const retry = () => {
    moved.current = true;
    void load();
  };

  const address = email.trim();

  /** Errors of the server after the e-mail or the answers: each back on the step where it can be corrected. */
  const handleError = (e: unknown) => {
    const err = e instanceof FormError ? e : new FormError('INTERNAL', null, 'somethingWrong');
    switch (err.code) {
      case 'VOTING_NOT_EXIST':
      case 'VOTING_NOT_BEGUN':
      case 'VOTING_OVER':
      case 'VOTING_FULL':
        return close(err);
      case 'CODE_INVALID':
      case 'CODE_LOCKED':
        setCode('');
        backToConfirm.current = phase === 'confirm';
        goTo('code');
        return fail(err, 'code');
      case 'NOT_ELIGIBLE':
      case 'ALREADY_VOTED':
      case 'COMPANY_ALREADY_VOTED':
        goTo('email');
        return fail(err, 'email');
      case 'VALIDATION': {
        const field = (['email', 'code', 'optionIds'] as const).find((f) => err.fields[f]) ?? null;
        if (field === 'email') goTo('email');
        if (field === 'code') goTo('code');
        if (field === 'optionIds') goTo('answers');
        return fail(err, field);
      }
      default:
        return fail(err, null); // no connection, too many requests, a server failure: stay and try again
    }
  };

  /** One request at a time: the form waits for it, and a failure goes back to the step that can correct it. */
  const request = async (call: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await call();
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(false);
    }
  };

  // The steps below are shown only once the voting is loaded, so their `!voting` guards never stop anything.

  const submitEmail = () => {
    if (busy) return;
    if (!EMAIL_PATTERN.test(address)) return fail({ key: 'emailInvalid' }, 'email');
    void request(async () => {
      const { codeSent } = await checkUser(slug, address, locale);
      setCode('');
      backToConfirm.current = false;
      goTo(codeSent ? 'code' : 'answers');
    });
  };

  const resendCode = () => {
    void request(async () => {
      const { newCode } = await checkUser(slug, address, locale);
      setError(null);
      if (newCode) setCode('');
      setNotice(t(newCode ? 'codeResent' : 'codeStillValid', { email: address }));
    });
  };

  const submitCode = () => {
    if (!voting) return;
    if (!CODE_PATTERN.test(code)) return fail({ key: 'codeFormat' }, 'code');
    setNotice(null);
    goTo(backToConfirm.current && answersFit(voting, selected.length) ? 'confirm' : 'answers');
    backToConfirm.current = false;
  };

  const changeEmail = () => {
    setNotice(null);
    setCode('');
    goTo('email');
  };

  const toggle = (id: number, checked: boolean) => {
    if (!voting) return;
    setError(null);
    if (isSingleChoice(voting)) setSelected([id]);
    else setSelected((now) => (checked ? [...now.filter((x) => x !== id), id] : now.filter((x) => x !== id)));
  };

  const submitAnswers = () => {
    if (!voting) return;
    if (!answersFit(voting, selected.length) || selected.length === 0) return fail(choiceRule(voting), 'optionIds');
    goTo('confirm');
  };

  const backFromAnswers = () => {
    if (voting) goTo(voting.requireCode ? 'code' : 'email');
  };

  const changeAnswers = () => goTo('answers');

  const send = () => {
    if (!voting) return;
    void request(async () => {
      const optionIds = voting.options.filter((o) => selected.includes(o.id)).map((o) => o.id);
      const result = await sendResponse({ slug, email: address, code: voting.requireCode ? code : undefined, optionIds }, locale);
      setReceipt(result);
      setCode('');
      setSelected([]);
      goTo('receipt');
    });
  };

  return {
    phase,
    voting,
    closed,
    email,
    setEmail,
    address,
    code,
    setCode,
    selected,
    receipt,
    error,
    notice,
    busy,
    headingRef,
    alertRef,
    retry,
    submitEmail,
    resendCode,
    submitCode,
    changeEmail,
    toggle,
    submitAnswers,
    backFromAnswers,
    changeAnswers,
    send,
  };
}

/** What the flow gives the page and its steps; each step picks the part it shows. */
export type VotingFlow = ReturnType<typeof useVotingFlow>;
