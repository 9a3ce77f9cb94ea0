import { type ReactNode, useEffect } from 'react';
import { AnswersStep } from './answers-step.tsx';
import { ClosedNotice } from './closed-notice.tsx';
import { CodeStep } from './code-step.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { EmailStep } from './email-step.tsx';
import { OptionsPreview } from './options-preview.tsx';
import { Page } from './page.tsx';
import { ReceiptStep } from './receipt-step.tsx';
import { StepHeading } from './step-heading.tsx';
import { usePageLanguage } from './use-page-language.ts';
import { useVotingFlow } from './use-voting-flow.ts';
import { VotingHeading } from './voting-heading.tsx';

/** The public voting form's page: the flow (use-voting-flow.ts) decides the step, and each step is a component of its own. */
export function VotingForm({ slug }: { slug: string }) {
  const [locale, t, switchLanguage, adoptLanguage] = usePageLanguage();
  const flow = useVotingFlow(slug, locale, t, adoptLanguage);
  const { phase, voting } = flow;

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = voting ? `${voting.title} · ${t('pageTitle')}` : t('pageTitle');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('description'));
  }, [locale, voting, t]);

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

  if (phase === 'failed' || phase === 'closed' || !voting) {
    return (
      <Page t={t} locale={locale} onLanguage={switchLanguage}>
        <ClosedNotice t={t} locale={locale} {...flow} failed={phase === 'failed'} />
      </Page>
    );
  }

  // Each step takes its part of the flow (its props are named as the flow names them).
  let body: ReactNode;
  if (phase === 'email') body = <EmailStep t={t} {...flow} />;
  else if (phase === 'code') body = <CodeStep t={t} {...flow} />;
  else if (phase === 'answers') body = <AnswersStep t={t} {...flow} voting={voting} />;
  else if (phase === 'confirm') body = <ConfirmStep t={t} {...flow} voting={voting} />;
  else if (phase === 'receipt' && flow.receipt) body = <ReceiptStep t={t} locale={locale} {...flow} receipt={flow.receipt} />;

  return (
    <Page t={t} locale={locale} onLanguage={switchLanguage}>
      <VotingHeading voting={voting} t={t} locale={locale} showQuestion={phase !== 'answers' && phase !== 'receipt'} />
      <section className="vf-card">
        {phase !== 'receipt' && <StepHeading t={t} step={phase} requireCode={voting.requireCode} headingRef={flow.headingRef} />}
        {body}
      </section>
      {(phase === 'email' || phase === 'code') && <OptionsPreview t={t} voting={voting} />}
    </Page>
  );
}
