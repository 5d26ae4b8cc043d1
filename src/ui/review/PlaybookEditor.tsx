/**
 * The playbook editor: the playbook's details and its rules in a form, validated live in the
 * scan worker (every message names its field), "Test on a document" to see which rules fire
 * where, then save (as the next version when the content changed), export or share.
 */
import { useEffect, useMemo, useState } from 'react';
import { saveFile } from '../../app/browser/downloads';
import { describeError, isAbort } from '../../core/errors';
import type { Playbook, Rule } from '../../core/scan/playbook';
import type { PlaybookIssue } from '../../core/scan/validate';
import { useCasefile } from '../common/hooks';
import { fieldLabel, SEVERITY_LABEL } from './labels';
import { RuleForm } from './RuleForm';
import { ShareBox } from './ShareBox';
import { TestPanel } from './TestPanel';

const META: readonly { readonly key: 'name' | 'version' | 'language' | 'jurisdiction' | 'author'; readonly label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'version', label: 'Version' },
  { key: 'language', label: 'Language (ISO 639-1)' },
  { key: 'jurisdiction', label: 'Jurisdiction' },
  { key: 'author', label: 'Author' },
];

function newRule(playbook: Playbook): Rule {
  const ids = new Set(playbook.rules.map((r) => r.id));
  let n = playbook.rules.length + 1;
  while (ids.has(`rule-${n}`)) n++;
  return { id: `rule-${n}`, title: 'New rule', clauseType: playbook.clauseTypes[0]?.id ?? '', severity: 'medium', kind: 'required' };
}

export function PlaybookEditor({ initial, onClose }: { initial: Playbook; onClose: () => void }) {
  const app = useCasefile();
  const [draft, setDraft] = useState<Playbook>(initial);
  const [saved, setSaved] = useState<Playbook>(initial);
  const [selected, setSelected] = useState(0);
  const [issues, setIssues] = useState<readonly PlaybookIssue[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const valid = issues !== null && issues.length === 0;

  // Live validation off the page (the first one compiles every pattern); a newer draft cancels the older check.
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      app.playbooks.validate(draft, controller.signal).then(
        (r) => setIssues(r.ok ? [] : r.issues),
        (e: unknown) => {
          if (!isAbort(e)) setError(describeError(e));
        },
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [app, draft]);

  const setMeta = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const setRule = (index: number, rule: Rule) => setDraft((d) => ({ ...d, rules: d.rules.map((r, i) => (i === index ? rule : r)) }));
  const rule = draft.rules[selected];
  const ruleIssues = (i: number) => (issues ?? []).filter((x) => x.pointer === `/rules/${i}` || x.pointer.startsWith(`/rules/${i}/`));
  const metaIssue = (key: string) => (issues ?? []).filter((x) => x.pointer === `/${key}`);

  const save = () => {
    setError(null);
    app.playbooks.saveEdited(draft).then(
      (p) => {
        setDraft(p);
        setSaved(p);
        setLink(null);
        setMessage(`Saved “${p.name}” as version ${p.version}. Documents scanned with it are scanned again.`);
      },
      (e: unknown) => setError(describeError(e)),
    );
  };

  const share = () => {
    setError(null);
    app.playbooks.shareLink(saved, window.location.href).then(setLink, (e: unknown) => setError(describeError(e)));
  };

  return (
    <section className="editor" aria-labelledby="editor-title">
      <header className="editor-head">
        <div>
          <h3 id="editor-title">Edit playbook: {draft.name}</h3>
          <p className="muted small-text">
            {draft.id} · version {draft.version} · {draft.rules.length} rules · {draft.clauseTypes.length} clause types
          </p>
        </div>
        <div className="actions">
          <button type="button" className="primary" disabled={!dirty || !valid} onClick={save}>
            Save
          </button>
          <button type="button" disabled={dirty} title={dirty ? 'Save first' : undefined} onClick={() => saveFile({ ...app.playbooks.exportFile(saved), data: app.playbooks.exportFile(saved).text })}>
            Export file
          </button>
          <button type="button" disabled={dirty} title={dirty ? 'Save first' : undefined} onClick={share}>
            Share link
          </button>
          <button type="button" className="ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </header>
      <p className="validation" role="status" data-testid="validation">
        {issues === null ? 'Checking…' : issues.length === 0 ? (dirty ? 'Valid · unsaved changes' : 'Valid · saved') : `${issues.length === 1 ? '1 problem' : `${issues.length} problems`} to fix before saving`}
      </p>
      {message && !dirty && <p className="ok-text" role="status">{message}</p>}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {link && <ShareBox link={link} />}
      {issues && issues.length > 0 && (
        <ul className="issue-list" aria-label="Problems">
          {issues.slice(0, 20).map((i, k) => (
            <li key={k}>
              <button
                type="button"
                className="link"
                onClick={() => {
                  const m = /^\/rules\/(\d+)/.exec(i.pointer);
                  if (m) setSelected(Number(m[1]));
                }}
              >
                {fieldLabel(i.pointer, draft)}
              </button>
              : {i.message}
            </li>
          ))}
        </ul>
      )}
      <details className="editor-meta">
        <summary>Details (name, version, description…)</summary>
        <div className="field-row">
          {META.map(({ key, label }) => (
            <label key={key} className="field">
              <span>{label}</span>
              <input value={draft[key] ?? ''} onChange={(e) => setMeta(key, e.target.value)} />
              {metaIssue(key).map((x, k) => (
                <span key={k} className="field-error" role="alert">
                  {x.message}
                </span>
              ))}
            </label>
          ))}
        </div>
        <label className="field wide">
          <span>Description</span>
          <textarea rows={3} value={draft.description} onChange={(e) => setMeta('description', e.target.value)} />
        </label>
      </details>
      <div className="editor-body">
        <nav className="rule-list" aria-label="Rules">
          <ol>
            {draft.rules.map((r, i) => (
              <li key={i}>
                <button type="button" className={`rule-item${i === selected ? ' selected' : ''}`} aria-current={i === selected} onClick={() => setSelected(i)}>
                  <span className={`severity severity-${r.severity}`}>{SEVERITY_LABEL[r.severity] ?? r.severity}</span>
                  <span className="rule-title">{r.title || r.id}</span>
                  {ruleIssues(i).length > 0 && <span className="error-text small-text"> · {ruleIssues(i).length} problem(s)</span>}
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="small"
            onClick={() => {
              setDraft((d) => ({ ...d, rules: [...d.rules, newRule(d)] }));
              setSelected(draft.rules.length);
            }}
          >
            Add rule
          </button>
        </nav>
        <div className="rule-pane">
          {rule ? (
            <>
              <RuleForm rule={rule} index={selected} clauseTypes={draft.clauseTypes} issues={issues ?? []} onChange={(r) => setRule(selected, r)} />
              <button
                type="button"
                className="ghost small danger"
                onClick={() => {
                  setDraft((d) => ({ ...d, rules: d.rules.filter((_, i) => i !== selected) }));
                  setSelected((s) => Math.max(0, s - 1));
                }}
              >
                Delete this rule
              </button>
            </>
          ) : (
            <p className="muted">This playbook has no rules yet.</p>
          )}
          <TestPanel playbook={draft} valid={valid} ruleId={rule?.id ?? null} />
        </div>
      </div>
    </section>
  );
}
