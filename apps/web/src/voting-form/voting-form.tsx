import { closedReason } from '@portal/shared/voting-rules';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkUser, FormError, getVoting, type PublicVoting, type Receipt, sendResponse, serverNow } from './api.ts';
import { browserLocale, readLocaleCookie, writeLocaleCookie } from './locale.ts';
import { LANGUAGE_NAME, LOCALE_TAG, type Locale, type MessageKey, type Translate, translator } from './messages.ts';

type Phase = 'loading' | 'failed' | 'closed' | 'email' | 'code' | 'answers' | 'confirm' | 'receipt';
type Field = 'email' | 'code' | 'optionIds';

/** What the page shows in its alert: the server's localised text, or a key of the form's own table. */
interface UiError {
  text: string | null;
  key: MessageKey | null;
  params?: Record<string, string | number>;
  field: Field | null;
  /** Counts errors, so the same message twice still moves the focus to it. */
  seq: number;
}

const LOCALES: Locale[] = ['en', 'ru'];
const STEP_HEADINGS = { email: 'emailHeading', code: 'codeHeading', answers: 'answersHeading', confirm: 'confirmHeading' } as const;
const CODE_PATTERN = /^\d{6}$/;
// Deliberately loose: the server has the last word on the address.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// A phone's clock may lag the server's by a little: a voting started by hand "now" must not look not begun.
const CLOCK_TOLERANCE_MS = 5_000;

/** The slug of /voting-form/:slug ('' when the path has none). */
export function slugFromPath(pathname: string): string {
  const match = /^\/voting-form\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]).trim();
  } catch {
    return '';
  }
}

export function VotingForm({ slug }: { slug: string }) {
  const [locale, setLocale] = useState<Locale>(() => readLocaleCookie() ?? browserLocale());
  const languageChosen = useRef(readLocaleCookie() !== null);
  const t = useMemo(() => translator(locale), [locale]);

  const [phase, setPhase] = useState<Phase>('loading');
  const [voting, setVoting] = useState<PublicVoting | null>(null);
  const [closed, setClosed] = useState<{ key: MessageKey | null; text: string | null } | null>(null);
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

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = voting ? `${voting.title} · ${t('pageTitle')}` : t('pageTitle');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('description'));
  }, [locale, voting, t]);

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
      if (!languageChosen.current) setLocale(v.language);
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
  }, [slug]);

  useEffect(() => {
    void load();
  }, [load]);

  const switchLanguage = (next: Locale) => {
    languageChosen.current = true;
    writeLocaleCookie(next);
    setLocale(next);
  };

  if (phase === 'loading') {
    return (
      <Page t={t} locale={locale} onLanguage={switchLanguage}>
        <h1 className="vf-title">{t('pageTitle')}</h1>
        <p className="vf-muted" role="status">
          {t('loading')}
        </p>
      </Page>
    );
  }

  const message = closed ? (closed.text ?? (closed.key ? t(closed.key) : t('somethingWrong'))) : '';

  if (phase === 'failed' || phase === 'closed' || !voting) {
    const retry = phase === 'failed' ? closed?.key === 'network' || closed?.key === 'somethingWrong' : closed?.key === 'notBegun';
    return (
      <Page t={t} locale={locale} onLanguage={switchLanguage}>
        {voting ? (
          <VotingHeading voting={voting} t={t} locale={locale} when={closed?.key === 'notBegun' ? 'starts' : null} />
        ) : (
          <h1 className="vf-title">{t('pageTitle')}</h1>
        )}
        <div className="vf-card">
          <div className="vf-alert" role="alert" tabIndex={-1} ref={alertRef}>
            {message}
          </div>
          {retry && (
            <div className="vf-actions">
              <button
                type="button"
                className="vf-button vf-secondary"
                onClick={() => {
                  moved.current = true;
                  void load();
                }}
              >
                {phase === 'failed' ? t('retry') : t('checkAgain')}
              </button>
            </div>
          )}
        </div>
      </Page>
    );
  }

  const v = voting;
  const address = email.trim();
  const single = v.maxAnswers <= 1;
  const total = v.requireCode ? 4 : 3;
  const stepNumber = { email: 1, code: 2, answers: v.requireCode ? 3 : 2, confirm: v.requireCode ? 4 : 3 } as const;
  const hint = single
    ? t('chooseOne')
    : v.minAnswers === v.maxAnswers
      ? t('chooseExactly', { n: v.maxAnswers })
      : t('chooseRange', { min: v.minAnswers, max: v.maxAnswers });
  const errorText = error ? (error.text ?? (error.key ? t(error.key, error.params) : '')) : '';
  const invalid = (field: Field) => (error?.field === field ? true : undefined);
  const alert = error ? (
    <div className="vf-alert" role="alert" id="vf-error" tabIndex={-1} ref={alertRef}>
      {errorText}
    </div>
  ) : null;
  const describedBy = (field: Field, ...more: string[]) => [error?.field === field ? 'vf-error' : '', ...more].filter(Boolean).join(' ') || undefined;

  const stepHeading = (step: keyof typeof STEP_HEADINGS) => (
    <>
      <p className="vf-step">{t('stepOf', { n: stepNumber[step], total })}</p>
      <h2 className="vf-heading" tabIndex={-1} ref={headingRef}>
        {t(STEP_HEADINGS[step])}
      </h2>
    </>
  );

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

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!EMAIL_PATTERN.test(address)) return fail({ key: 'emailInvalid' }, 'email');
    void request(async () => {
      const { codeSent } = await checkUser(slug, address, locale);
      setCode('');
      backToConfirm.current = false;
      goTo(codeSent ? 'code' : 'answers');
    });
  };

  const resendCode = () =>
    request(async () => {
      const { newCode } = await checkUser(slug, address, locale);
      setError(null);
      if (newCode) setCode('');
      setNotice(t(newCode ? 'codeResent' : 'codeStillValid', { email: address }));
    });

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_PATTERN.test(code)) return fail({ key: 'codeFormat' }, 'code');
    setNotice(null);
    const answersValid = selected.length >= v.minAnswers && selected.length <= v.maxAnswers;
    goTo(backToConfirm.current && answersValid ? 'confirm' : 'answers');
    backToConfirm.current = false;
  };

  const toggle = (id: number, checked: boolean) => {
    setError(null);
    if (single) setSelected([id]);
    else setSelected((now) => (checked ? [...now.filter((x) => x !== id), id] : now.filter((x) => x !== id)));
  };

  const submitAnswers = (event: FormEvent) => {
    event.preventDefault();
    if (selected.length < v.minAnswers || selected.length > v.maxAnswers || selected.length === 0) {
      return fail(
        single
          ? { key: 'chooseOne' }
          : {
              key: v.minAnswers === v.maxAnswers ? 'chooseExactly' : 'chooseRange',
              params: { n: v.maxAnswers, min: v.minAnswers, max: v.maxAnswers },
            },
        'optionIds',
      );
    }
    goTo('confirm');
  };

  const send = () =>
    request(async () => {
      const optionIds = v.options.filter((o) => selected.includes(o.id)).map((o) => o.id);
      const result = await sendResponse({ slug, email: address, code: v.requireCode ? code : undefined, optionIds }, locale);
      setReceipt(result);
      setCode('');
      setSelected([]);
      goTo('receipt');
    });

  /** A labelled input of one of the form's fields, tied to that field's error. */
  const textInput = (field: 'email' | 'code', label: MessageKey, props: InputHTMLAttributes<HTMLInputElement>) => (
    <>
      <label className="vf-label" htmlFor={`vf-${field}`}>
        {t(label)}
      </label>
      <input
        className="vf-input"
        id={`vf-${field}`}
        name={field}
        required
        aria-invalid={invalid(field)}
        aria-describedby={describedBy(field)}
        {...props}
      />
    </>
  );

  const waiting = busy ? (
    <p className="vf-muted" role="status">
      {t('wait')}
    </p>
  ) : null;

  let body: ReactNode;
  if (phase === 'email') {
    body = (
      <>
        <p className="vf-text">{t('emailIntro')}</p>
        <form noValidate onSubmit={submitEmail}>
          {textInput('email', 'emailLabel', {
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
            autoCapitalize: 'none',
            spellCheck: false,
            value: email,
            onChange: (e) => setEmail(e.target.value),
          })}
          {alert}
          {waiting}
          <div className="vf-actions">
            <button type="submit" className="vf-button" aria-disabled={busy || undefined}>
              {t('continue')}
            </button>
          </div>
        </form>
      </>
    );
  } else if (phase === 'code') {
    body = (
      <>
        <p className="vf-text">{t('codeIntro', { email: address })}</p>
        <form noValidate onSubmit={submitCode}>
          {textInput('code', 'codeLabel', {
            className: 'vf-input vf-code-input',
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'one-time-code',
            pattern: '[0-9]*',
            maxLength: 6,
            value: code,
            onChange: (e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6)),
          })}
          {alert}
          {notice && (
            <p className="vf-notice" role="status">
              {notice}
            </p>
          )}
          {waiting}
          <div className="vf-actions">
            <button type="submit" className="vf-button">
              {t('continue')}
            </button>
            <button type="button" className="vf-button vf-secondary" onClick={() => void resendCode()} aria-disabled={busy || undefined}>
              {t('resendCode')}
            </button>
            <button
              type="button"
              className="vf-link"
              onClick={() => {
                setNotice(null);
                setCode('');
                goTo('email');
              }}
            >
              {t('changeEmail')}
            </button>
          </div>
        </form>
      </>
    );
  } else if (phase === 'answers') {
    body = (
      <form noValidate onSubmit={submitAnswers}>
        <fieldset className="vf-fieldset" aria-describedby={describedBy('optionIds', 'vf-hint')} aria-invalid={invalid('optionIds')}>
          <legend className="vf-legend" lang={v.language}>
            {v.question}
          </legend>
          <p className="vf-hint" id="vf-hint">
            {hint}
          </p>
          {v.options.map((o) => {
            const checked = selected.includes(o.id);
            const full = !single && !checked && selected.length >= v.maxAnswers;
            return (
              <div className={`vf-option${checked ? ' vf-checked' : ''}${full ? ' vf-disabled' : ''}`} key={o.id}>
                <input
                  id={`vf-option-${o.id}`}
                  type={single ? 'radio' : 'checkbox'}
                  name="answer"
                  value={o.id}
                  checked={checked}
                  disabled={full}
                  onChange={(e) => toggle(o.id, e.target.checked)}
                  aria-describedby={o.comment ? `vf-option-${o.id}-comment` : undefined}
                />
                <label htmlFor={`vf-option-${o.id}`} lang={v.language}>
                  {o.name}
                </label>
                {o.comment && (
                  <p className="vf-comment" id={`vf-option-${o.id}-comment`} lang={v.language}>
                    {o.comment}
                  </p>
                )}
              </div>
            );
          })}
        </fieldset>
        {!single && (
          <p className="vf-muted" aria-live="polite">
            {t('chosenCount', { n: selected.length, max: v.maxAnswers })}
          </p>
        )}
        {alert}
        <div className="vf-actions">
          <button type="submit" className="vf-button">
            {t('continue')}
          </button>
          <button type="button" className="vf-button vf-secondary" onClick={() => goTo(v.requireCode ? 'code' : 'email')}>
            {t('back')}
          </button>
        </div>
      </form>
    );
  } else if (phase === 'confirm') {
    body = (
      <>
        <p className="vf-text vf-strong">{t('confirmText')}</p>
        <h3 className="vf-subheading">{t('yourChoice')}</h3>
        <ul className="vf-choice" lang={v.language}>
          {v.options
            .filter((o) => selected.includes(o.id))
            .map((o) => (
              <li key={o.id}>{o.name}</li>
            ))}
        </ul>
        {alert}
        {waiting}
        <div className="vf-actions">
          <button type="button" className="vf-button vf-success" onClick={() => void send()} aria-disabled={busy || undefined}>
            {t('send')}
          </button>
          <button type="button" className="vf-button vf-secondary" onClick={() => goTo('answers')}>
            {t('changeAnswers')}
          </button>
        </div>
      </>
    );
  } else if (phase === 'receipt' && receipt) {
    body = (
      <div className="vf-receipt">
        <svg className="vf-check" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" />
          <path d="M14 24.5l7 7 13-14" />
        </svg>
        <h2 className="vf-heading" tabIndex={-1} ref={headingRef}>
          {t('receiptHeading')}
        </h2>
        <dl className="vf-facts">
          <dt>{t('receiptTime')}</dt>
          <dd>
            <time dateTime={receipt.at}>
              {new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'long', timeStyle: 'medium' }).format(new Date(receipt.at))}
            </time>
          </dd>
          <dt>{t('receiptCode')}</dt>
          <dd className="vf-receipt-code">{receipt.receipt}</dd>
        </dl>
        <p className="vf-muted">{t('receiptNote')}</p>
      </div>
    );
  }

  const preview = phase === 'email' || phase === 'code';
  return (
    <Page t={t} locale={locale} onLanguage={switchLanguage}>
      <VotingHeading voting={v} t={t} locale={locale} showQuestion={phase !== 'answers' && phase !== 'receipt'} />
      <section className="vf-card">
        {phase !== 'receipt' && stepHeading(phase)}
        {body}
      </section>
      {preview && (
        <section className="vf-card vf-options-preview">
          <h2 className="vf-subheading">{t('optionsHeading')}</h2>
          <ol lang={v.language}>
            {v.options.map((o) => (
              <li key={o.id}>
                {o.name}
                {o.comment && <span className="vf-comment"> {o.comment}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </Page>
  );
}

interface VotingHeadingProps {
  voting: PublicVoting;
  t: Translate;
  locale: Locale;
  showQuestion?: boolean;
  /** Which date to show: the end while it is open, the start before it begins, none once it is over. */
  when?: 'ends' | 'starts' | null;
}

function VotingHeading({ voting, t, locale, showQuestion = true, when = 'ends' }: VotingHeadingProps) {
  const format = (iso: string) => new Intl.DateTimeFormat(LOCALE_TAG[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <header className="vf-voting">
      <h1 className="vf-title" lang={voting.language}>
        {voting.title}
      </h1>
      {when === 'ends' && <p className="vf-muted">{t('openUntil', { date: format(voting.endsAt) })}</p>}
      {when === 'starts' && <p className="vf-muted">{t('startsOn', { date: format(voting.startsAt) })}</p>}
      {showQuestion && (
        <p className="vf-question" lang={voting.language}>
          {voting.question}
        </p>
      )}
    </header>
  );
}

function Page({ t, locale, onLanguage, children }: { t: Translate; locale: Locale; onLanguage: (l: Locale) => void; children: ReactNode }) {
  return (
    <div className="vf-page">
      <div className="vf-bar">
        <span className="vf-brand">AIPM</span>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a fieldset of inputs */}
        <div className="vf-languages" role="group" aria-label={t('language')}>
          {LOCALES.map((l) => (
            <button
              key={l}
              type="button"
              className="vf-language"
              lang={l}
              title={LANGUAGE_NAME[l]}
              aria-pressed={l === locale}
              onClick={() => onLanguage(l)}
            >
              {l.toUpperCase()}
            </button>
          ))}
        </div>
      </div>
      <main className="vf-main">{children}</main>
    </div>
  );
}
