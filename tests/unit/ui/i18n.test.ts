/**
 * Every language has every string (src/ui/i18n): each table's French and German entries have the
 * English keys, of the same kind (a function takes the same arguments), none empty, and none
 * left in English unless the word is the same in that language (listed below). And the screens
 * translated so far hold no English of their own: no text in their JSX and no label, title or
 * placeholder written as a literal — a string added there without its translations fails here.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EXPORT_STRINGS } from '../../../src/export/export-strings';
import { APP, workspaceName } from '../../../src/ui/app-strings';
import { DOCUMENTS } from '../../../src/ui/documents/documents-strings';
import { FLOWS } from '../../../src/ui/flows/flow-strings';
import { browserLanguage, resolveLanguage, turnLanguage } from '../../../src/ui/i18n/language';
import { REVIEW } from '../../../src/ui/review/review-strings';
import { BYTE_UNITS } from '../../../src/ui/settings/byte-units';
import { LANGUAGE_MODEL } from '../../../src/ui/settings/llm-strings';
import { MODELS } from '../../../src/ui/settings/model-strings';
import { SEARCH_SETTINGS } from '../../../src/ui/settings/search-settings-strings';
import { SETTINGS } from '../../../src/ui/settings/settings-strings';
import { STORAGE } from '../../../src/ui/settings/storage-strings';
import { TRACE } from '../../../src/ui/ask/trace-strings';
import { TURN_STRINGS } from '../../../src/ui/ask/turn-strings';
import { VIEWER } from '../../../src/ui/viewer/viewer-strings';

const TABLES: Record<string, Record<string, unknown>> = {
  APP, DOCUMENTS, FLOWS, REVIEW, SETTINGS, TRACE, VIEWER, EXPORT_STRINGS, TURN_STRINGS,
  SEARCH_SETTINGS, STORAGE, MODELS, LANGUAGE_MODEL, BYTE_UNITS,
};

/** Words spelt the same in English and in that language (checked one by one). */
const SAME_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  fr: new Set(['mode', 'actions', 'documents', 'document', 'sources', 'plan', 'fusion', 'total', 'casefile', 'playbook', 'playbooks', 'page', 'pages', 'section', 'passage', 'passages', 'question', 'questions', 'conversations', 'imports', 'info', 'zoom', 'original', 'pdf', 'word', 'images', 'pause', 'version', 'date', 'ocr', 'markdown', 'english', 'français', 'deutsch', 'csv', 'excel', 'xlsx']),
  de: new Set(['status', 'plan', 'fusion', 'playbook', 'playbooks', 'portfolio', 'name', 'info', 'zoom', 'original', 'text', 'pdf', 'word', 'ocr', 'markdown', 'english', 'français', 'deutsch', 'casefile', 'import', 'csv', 'excel', 'xlsx']),
};

/** Left in English: the same as the English text, with a word of three letters or more that the language spells differently. */
function untranslated(english: string, other: string, lang: string): boolean {
  if (english !== other) return false;
  const words = english.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  return words.some((w) => !SAME_WORDS[lang]?.has(w));
}

const SAMPLES = [3, 7, 12, 2, 1];
const sampleArgs = (fn: (...args: never[]) => unknown) => Array.from({ length: fn.length }, (_, i) => (i % 2 === 0 ? `«x${i}»` : SAMPLES[i % SAMPLES.length]));

/** Walks `en` and `other` together, reporting what is missing, of another kind, empty or untranslated. */
function compare(path: string, en: unknown, other: unknown, lang: string, problems: string[]): void {
  if (typeof en === 'function') {
    if (typeof other !== 'function') return void problems.push(`${path}: ${lang} is not a function`);
    const f = en as (...a: unknown[]) => unknown;
    const g = other as (...a: unknown[]) => unknown;
    if (f.length !== g.length) problems.push(`${path}: ${lang} takes ${g.length} arguments, English ${f.length}`);
    const args = sampleArgs(f);
    const a = f(...args);
    const b = g(...args);
    if (typeof a === 'string' && typeof b === 'string') {
      if (!b.trim()) problems.push(`${path}: ${lang} gives an empty string`);
      else if (untranslated(a.replace(/«x\d»/g, ''), b.replace(/«x\d»/g, ''), lang)) problems.push(`${path}: ${lang} gives the English “${a}”`);
    }
    return;
  }
  if (typeof en === 'string') {
    if (typeof other !== 'string') return void problems.push(`${path}: ${lang} missing or not a string`);
    if (!other.trim()) problems.push(`${path}: ${lang} is empty`);
    else if (untranslated(en, other, lang)) problems.push(`${path}: ${lang} left in English: “${en}”`);
    return;
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(other) || other.length !== en.length) return void problems.push(`${path}: ${lang} is not a list of ${en.length}`);
    en.forEach((x, i) => compare(`${path}[${i}]`, x, other[i], lang, problems));
    return;
  }
  if (en && typeof en === 'object') {
    if (!other || typeof other !== 'object') return void problems.push(`${path}: ${lang} missing`);
    for (const key of Object.keys(en)) compare(`${path}.${key}`, (en as Record<string, unknown>)[key], (other as Record<string, unknown>)[key], lang, problems);
    for (const key of Object.keys(other)) if (!(key in en)) problems.push(`${path}.${key}: only in ${lang}`);
  }
}

describe('every language has every string', () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: French and German have the English keys, translated`, () => {
      const problems: string[] = [];
      for (const lang of ['fr', 'de']) compare(name, table['en'], table[lang], lang, problems);
      expect(problems).toEqual([]);
    });
  }

  it('the check itself fails on a missing, empty or untranslated string', () => {
    const problems: string[] = [];
    compare('T', { a: 'Open file', b: (n: number) => `${n} files`, c: { d: 'Close' } }, { a: 'Ouvrir', b: (n: number) => `${n} files`, c: {} }, 'fr', problems);
    expect(problems).toEqual(['T.b: fr gives the English “«x0» files”', 'T.c.d: fr missing or not a string']);
  });

  it('the app language: the browser’s first language the app speaks, else English; a turn keeps its own', () => {
    expect(browserLanguage(['de-CH', 'fr'])).toBe('de');
    expect(browserLanguage(['es-ES', 'fr-BE'])).toBe('fr');
    expect(browserLanguage(['ja'])).toBe('en');
    expect(resolveLanguage('fr', ['de'])).toBe('fr');
    expect(resolveLanguage('auto', ['de'])).toBe('de');
    expect(turnLanguage('de', 'en')).toBe('de');
    expect(turnLanguage('es', 'fr')).toBe('fr');
    expect(turnLanguage(null, 'fr')).toBe('fr');
  });
});

/** The screens whose words all come from the tables (more join as they are translated). */
const TRANSLATED = [
  'src/ui/App.tsx', 'src/ui/WorkspaceBar.tsx', 'src/ui/settings/BackupActions.tsx', 'src/ui/Dialogs.tsx', 'src/ui/Notices.tsx', 'src/ui/UpdatePrompt.tsx',
  'src/ui/ask/ConversationPanel.tsx', 'src/ui/ask/ConversationBar.tsx', 'src/ui/ask/ScopeBar.tsx', 'src/ui/settings/ModelInvitation.tsx', 'src/ui/ask/TurnCard.tsx',
  'src/ui/ask/SourceList.tsx', 'src/ui/ask/TurnTrace.tsx', 'src/ui/ask/Explanation.tsx', 'src/ui/ask/AnswerAnnouncer.tsx',
  'src/ui/documents/DocumentsPanel.tsx', 'src/ui/documents/DocumentRow.tsx', 'src/ui/documents/DocumentsDrawer.tsx', 'src/ui/documents/ImportJobs.tsx', 'src/ui/documents/FolderBar.tsx', 'src/ui/QuotaBanner.tsx', 'src/ui/PasswordDialog.tsx',
  'src/ui/viewer/SourceViewer.tsx', 'src/ui/settings/SettingsDialog.tsx', 'src/ui/settings/LanguageSettings.tsx', 'src/ui/settings/AnswerSettings.tsx',
  'src/ui/flows/ApprovalCard.tsx', 'src/ui/flows/FlowCard.tsx', 'src/ui/flows/FlowProgress.tsx', 'src/ui/flows/FlowTable.tsx', 'src/ui/flows/DocumentTable.tsx',
  'src/ui/review/ReviewView.tsx', 'src/ui/review/ScanPanel.tsx', 'src/ui/review/FlagsView.tsx', 'src/ui/review/FlagCard.tsx', 'src/ui/review/PortfolioView.tsx',
  'src/ui/review/ReviewBadge.tsx', 'src/ui/review/PrintReport.tsx', 'src/ui/review/ReviewerGate.tsx', 'src/ui/review/PlaybooksView.tsx', 'src/ui/review/ShareBox.tsx',
  'src/ui/review/SharedPlaybookPrompt.tsx', 'src/ui/review/IncomingPlaybookDialog.tsx', 'src/ui/review/TestPanel.tsx',
  'src/ui/settings/SearchSettings.tsx', 'src/ui/settings/StorageSettings.tsx', 'src/ui/settings/EmbeddingStatus.tsx', 'src/ui/settings/ModelManager.tsx',
  'src/ui/settings/LanguageModelSettings.tsx', 'src/ui/settings/ChatPanels.tsx', 'src/ui/settings/LocalServerPanel.tsx',
];

/** Attributes people read or hear. */
const READ = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'action', 'heading', 'closestLabel', 'removeLabel']);
/** Text that is not a word of any language (symbols), or a name (the app's, a format's). */
const NOT_WORDS = /^(?:[\s×−+‹›▲▼✓⚠·…#%:()\-–—/.,;'’"“”«»]*|Casefile|Markdown|CSV|Excel|Word|XLSX|PDF|https?:\/\/\S*)$/u;

function englishIn(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text && /\p{L}/u.test(text) && !NOT_WORDS.test(text)) found.push(`text “${text}”`);
    }
    if (ts.isJsxAttribute(node) && READ.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) && init.expression && (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression)) ? init.expression.text : ts.isJsxExpression(init) && init.expression && ts.isTemplateExpression(init.expression) ? init.expression.head.text : null;
      if (literal && /\p{L}{2}/u.test(literal) && !NOT_WORDS.test(literal)) found.push(`${node.name.getText()}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('translated screens hold no English of their own', () => {
  it.each(TRANSLATED)('%s', (file) => {
    expect(englishIn(file)).toEqual([]);
  });

  it('the check finds English text and labels', () => {
    const file = 'tests/unit/ui/fixtures/untranslated.tsx';
    expect(englishIn(file)).toEqual(['aria-label="Close the panel"', 'text “Save the file”']);
  });
});

describe('workspaceName', () => {
  it('shows the first workspace, named by the app, in the app\'s language and a chosen name as written', () => {
    expect(workspaceName('My documents', APP.fr)).toBe('Mes documents');
    expect(workspaceName('Mes documents', APP.de)).toBe('Meine Dokumente');
    expect(workspaceName('Meine Dokumente', APP.en)).toBe('My documents');
    expect(workspaceName('Acme v. Widget (2026)', APP.fr)).toBe('Acme v. Widget (2026)');
    expect(workspaceName('My documents 2', APP.fr)).toBe('My documents 2');
  });
});
