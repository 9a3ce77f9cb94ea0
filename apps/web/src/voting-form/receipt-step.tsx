import type { Receipt } from './api.ts';
import { LOCALE_TAG, type Locale, type Translate } from './messages.ts';
import type { VotingFlow } from './use-voting-flow.ts';

type ReceiptStepProps = Pick<VotingFlow, 'headingRef'> & { t: Translate; locale: Locale; receipt: Receipt };

/** The end: when the response was received and its receipt code, which says nothing of the choice. */
export function ReceiptStep({ t, locale, receipt, headingRef }: ReceiptStepProps) {
  return (
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
