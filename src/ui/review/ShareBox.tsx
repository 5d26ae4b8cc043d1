/** A share link to copy: the playbook travels in the link's fragment, which browsers never send to a server. */
import { useStrings } from '../i18n/LanguageProvider';
import { REVIEW } from './review-strings';
import { useState } from 'react';

export function ShareBox({ link }: { link: string }) {
  const t = useStrings(REVIEW);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="share-box" role="group" aria-label={t.shareLink}>
      <label htmlFor="share-link">{t.shareLinkLabel(Math.round(link.length / 1000))}</label>
      <div className="share-row">
        <input id="share-link" readOnly value={link} onFocus={(e) => e.target.select()} data-testid="share-link" />
        <button
          type="button"
          className="small"
          onClick={() =>
            navigator.clipboard.writeText(link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t.copied : t.copyLink}
        </button>
      </div>
      <p className="muted small-text">
        {copied === false ? t.copyRefused : ''}
        {t.shareHint}
      </p>
    </div>
  );
}
