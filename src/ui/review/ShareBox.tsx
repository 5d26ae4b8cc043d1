/** A share link to copy: the playbook travels in the link's fragment, which browsers never send to a server. */
import { useState } from 'react';

export function ShareBox({ link }: { link: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="share-box" role="group" aria-label="Share link">
      <label htmlFor="share-link">Share link ({Math.round(link.length / 1000)} k characters)</label>
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
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
      <p className="muted small-text">
        {copied === false ? 'Copying was not allowed: select the link and copy it. ' : ''}
        The playbook travels inside the link (after “#”), which is never sent to a server. Whoever opens it sees what it contains and is asked before anything is added.
      </p>
    </div>
  );
}
