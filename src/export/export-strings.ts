/**
 * The words of every export (conversation Markdown and Word, scan reports, the portfolio grid,
 * a flow's table) in the app's languages: an export is written in the language the app was in
 * when it was asked for. The review screens use the same names for severities, statuses and
 * findings, so a report reads like the screen it came from. Checked for completeness with the
 * UI's tables (tests/unit/ui/i18n.test.ts).
 */
import type { TurnRecord, Verification } from '../core/answer-types';
import type { Severity } from '../core/scan/playbook';
import type { FindingKind, FlagStatus } from '../core/scan/types';
import type { FlowRow, FlowStatus } from '../core/workspace/flows';
import type { Verdict } from '../core/workspace/verdict';

export type ExportLang = 'en' | 'fr' | 'de';

export interface ExportStrings {
  // conversation
  readonly exportedOn: (date: string) => string;
  readonly empty: string;
  readonly states: Readonly<Record<TurnRecord['state'], string>>;
  readonly writtenBy: (model: string) => string;
  readonly aLanguageModel: string;
  readonly verbatimNoModel: string;
  readonly modelFailed: (reason: string) => string;
  readonly stoppedByUser: string;
  readonly closestPassages: string;
  readonly unresolvedCitation: string;
  readonly quoteWrongSource: (n: number) => string;
  readonly quoteNotFound: string;
  readonly verification: (v: Verification) => string;
  /** Which documents a question was asked of, and how they were chosen. */
  readonly scopeAll: string;
  readonly scopeIn: (documents: string, how: string) => string;
  readonly scopeHow: Readonly<Record<NonNullable<TurnRecord['scope']>['source'], string>>;
  // flow tables
  readonly flowColumns: readonly [string, string, string, string, string, string, string, string, string, string];
  readonly verdicts: Readonly<Record<Verdict, string>>;
  readonly flowResults: Readonly<Record<FlowRow['status'], string>>;
  readonly flowStatuses: Readonly<Record<FlowStatus, string>>;
  readonly findingsSheet: string;
  readonly questionSheet: string;
  readonly flowFacts: { readonly question: string; readonly asked: string; readonly status: string; readonly documents: string; readonly found: string; readonly notFound: string; readonly failed: string; readonly yes: string; readonly no: string; readonly unclear: string };
  readonly findingsFile: string;
  // scan reports and the portfolio
  readonly reviewTitle: (document: string) => string;
  readonly playbook: string;
  readonly scanned: string;
  readonly scannedLine: (scanned: string, generated: string) => string;
  readonly reportGenerated: string;
  readonly flags: string;
  readonly openCount: (n: number) => string;
  readonly noFlags: string;
  readonly evidence: string;
  readonly checked: string;
  /** Before the other places of a flag's kind. */
  readonly elsewhere: string;
  readonly guidance: string;
  readonly fallbackLanguage: string;
  readonly review: string;
  readonly reviewedBy: (user: string, at: string) => string;
  readonly severities: Readonly<Record<Severity, string>>;
  readonly statuses: Readonly<Record<FlagStatus, string>>;
  readonly findings: Readonly<Record<FindingKind, string>>;
  readonly flagColumns: Readonly<Record<FlagColumn, string>>;
  readonly flagsSheet: string;
  readonly scanSheet: string;
  readonly document: string;
  readonly portfolioSheet: string;
  readonly cellStates: { readonly flagged: (severity: string) => string; readonly present: string; readonly missing: string; readonly review: string };
  readonly reviewFile: string;
}

export type FlagColumn =
  | 'severity' | 'status' | 'rule' | 'clauseType' | 'finding' | 'document' | 'page' | 'section' | 'evidence' | 'marked'
  | 'explanation' | 'details' | 'elsewhere' | 'guidance' | 'fallback' | 'note' | 'reviewedBy' | 'reviewedAt';

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const EN: ExportStrings = {
  exportedOn: (d) => `Exported from Casefile on ${d}. Citations are footnotes with the file, page, section and the verbatim passage.`,
  empty: '(empty)',
  states: {
    answered: 'Answer',
    insufficient: 'Not enough evidence in the documents',
    creative: 'Answer (beyond the documents: the model’s own reasoning where not cited)',
    inventory: 'Workspace answer',
    capability: 'Casefile',
    clarification: 'Clarification needed',
    action: 'Proposed action (awaiting approval)',
    error: 'Error',
  },
  writtenBy: (m) => `written by ${m}`,
  aLanguageModel: 'a language model',
  verbatimNoModel: 'composed of verbatim passages, no language model',
  modelFailed: (r) => `the model failed: ${r}`,
  stoppedByUser: 'stopped by the user',
  closestPassages: 'Closest passages:',
  unresolvedCitation: '[unresolved citation]',
  quoteWrongSource: (k) => `[quote not in the cited source; verbatim in source ${k}]`,
  quoteNotFound: '[quote not found verbatim in the sources]',
  verification: (v) => {
    const citations = v.citations === 0 ? 'no citations' : v.unresolvedCitations === 0 ? `${n(v.citations, 'citation', 'citations')}, all resolved` : `${v.citations} citations, ${v.unresolvedCitations} unresolved`;
    const quotes = v.quotes === 0 ? 'no quotations' : v.unverifiedQuotes === 0 ? `${n(v.quotes, 'quotation', 'quotations')}, verbatim` : `${v.quotes} quotations, ${v.unverifiedQuotes} not verbatim`;
    return `Verification: ${citations}; ${quotes}.`;
  },
  scopeAll: 'Searched: all documents.',
  scopeIn: (d, how) => `Searched in: ${d} (${how}).`,
  scopeHow: { question: 'named in the question', follow_up: 'follow-up of the previous question', user: 'chosen by the user', workspace: 'all documents', language: 'documents in the question’s language' },
  flowColumns: ['Document', 'File', 'Result', 'Verdict', 'Value', 'Finding', 'Evidence', 'Page', 'Section', 'Note'],
  verdicts: { yes: 'yes', no: 'no', unclear: 'could not be judged' },
  flowResults: { found: 'found', not_found: 'not found', failed: 'failed' },
  flowStatuses: { proposed: 'proposed', denied: 'declined', queued: 'waiting', running: 'running', done: 'done', failed: 'failed', cancelled: 'cancelled', interrupted: 'interrupted' },
  findingsSheet: 'Findings',
  questionSheet: 'Question',
  flowFacts: { question: 'Question', asked: 'Asked (UTC)', status: 'Status', documents: 'Documents', found: 'Found', notFound: 'Not found', failed: 'Failed', yes: 'Yes', no: 'No', unclear: 'Could not be judged' },
  findingsFile: 'findings',
  reviewTitle: (d) => `Contract review: ${d}`,
  playbook: 'Playbook',
  scanned: 'Scanned (UTC)',
  scannedLine: (s, g) => `${s} UTC; report generated ${g} UTC`,
  reportGenerated: 'Report generated (UTC)',
  flags: 'Flags',
  openCount: (k) => `open: ${k}`,
  noFlags: 'No flags: every rule of the playbook passed.',
  evidence: 'Evidence',
  checked: 'Checked',
  elsewhere: 'Elsewhere',
  guidance: 'Guidance',
  fallbackLanguage: 'Fallback language',
  review: 'Review',
  reviewedBy: (u, at) => `by ${u} at ${at} UTC`,
  severities: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low', info: 'Info' },
  statuses: { open: 'Open', escalated: 'Escalated', resolved: 'Resolved', dismissed: 'Dismissed' },
  findings: { missing: 'Missing clause', failed: 'Does not meet the rule', present: 'Clause present', possible: 'Clause possibly present', unverified: 'Needs a manual check' },
  flagColumns: {
    severity: 'Severity', status: 'Status', rule: 'Rule', clauseType: 'Clause type', finding: 'Finding', document: 'Document', page: 'Page', section: 'Section',
    evidence: 'Evidence', marked: 'Marked words', explanation: 'Explanation', details: 'Details', elsewhere: 'Elsewhere', guidance: 'Guidance', fallback: 'Fallback language', note: 'Review note', reviewedBy: 'Reviewed by', reviewedAt: 'Reviewed at',
  },
  flagsSheet: 'Flags',
  scanSheet: 'Scan',
  document: 'Document',
  portfolioSheet: 'Portfolio',
  cellStates: { flagged: (s) => `flagged (${s})`, present: 'present', missing: 'missing', review: 'review' },
  reviewFile: 'review',
};

const FR: ExportStrings = {
  exportedOn: (d) => `Exporté de Casefile le ${d}. Les citations sont en notes de bas de page avec le fichier, la page, la section et le passage mot pour mot.`,
  empty: '(vide)',
  states: {
    answered: 'Réponse',
    insufficient: 'Pas assez d’éléments dans les documents',
    creative: 'Réponse (au-delà des documents : raisonnement propre du modèle là où rien n’est cité)',
    inventory: 'Réponse sur l’espace de travail',
    capability: 'Casefile',
    clarification: 'Précision nécessaire',
    action: 'Action proposée (en attente d’accord)',
    error: 'Erreur',
  },
  writtenBy: (m) => `rédigée par ${m}`,
  aLanguageModel: 'un modèle de langue',
  verbatimNoModel: 'composée de passages mot pour mot, sans modèle de langue',
  modelFailed: (r) => `le modèle a échoué : ${r}`,
  stoppedByUser: 'arrêtée par l’utilisateur',
  closestPassages: 'Passages les plus proches :',
  unresolvedCitation: '[citation non résolue]',
  quoteWrongSource: (k) => `[citation absente de la source citée ; mot pour mot dans la source ${k}]`,
  quoteNotFound: '[citation introuvable mot pour mot dans les sources]',
  verification: (v) => {
    const citations = v.citations === 0 ? 'aucune référence' : v.unresolvedCitations === 0 ? `${n(v.citations, 'référence', 'références')}, toutes résolues` : `${v.citations} références, ${v.unresolvedCitations} non résolues`;
    const quotes = v.quotes === 0 ? 'aucune citation' : v.unverifiedQuotes === 0 ? `${n(v.quotes, 'citation', 'citations')}, mot pour mot` : `${v.quotes} citations, ${v.unverifiedQuotes} pas mot pour mot`;
    return `Vérification : ${citations} ; ${quotes}.`;
  },
  scopeAll: 'Recherche : tous les documents.',
  scopeIn: (d, how) => `Recherche dans : ${d} (${how}).`,
  scopeHow: { question: 'nommés dans la question', follow_up: 'suite de la question précédente', user: 'choisis par l’utilisateur', workspace: 'tous les documents', language: 'documents dans la langue de la question' },
  flowColumns: ['Document', 'Fichier', 'Résultat', 'Conforme', 'Valeur', 'Constat', 'Extrait', 'Page', 'Section', 'Remarque'],
  verdicts: { yes: 'oui', no: 'non', unclear: 'impossible à juger' },
  flowResults: { found: 'trouvé', not_found: 'introuvable', failed: 'échec' },
  flowStatuses: { proposed: 'proposée', denied: 'refusée', queued: 'en attente', running: 'en cours', done: 'terminée', failed: 'échec', cancelled: 'annulée', interrupted: 'interrompue' },
  findingsSheet: 'Constats',
  questionSheet: 'Question',
  flowFacts: { question: 'Question', asked: 'Posée (UTC)', status: 'Statut', documents: 'Documents', found: 'Trouvé', notFound: 'Introuvable', failed: 'Échec', yes: 'Oui', no: 'Non', unclear: 'Impossible à juger' },
  findingsFile: 'constats',
  reviewTitle: (d) => `Examen du contrat : ${d}`,
  playbook: 'Playbook',
  scanned: 'Examiné (UTC)',
  scannedLine: (s, g) => `${s} UTC ; rapport généré le ${g} UTC`,
  reportGenerated: 'Rapport généré (UTC)',
  flags: 'Alertes',
  openCount: (k) => `ouvertes : ${k}`,
  noFlags: 'Aucune alerte : toutes les règles du playbook sont respectées.',
  evidence: 'Extrait',
  checked: 'Vérifié',
  elsewhere: 'Ailleurs',
  guidance: 'Conseil',
  fallbackLanguage: 'Rédaction de repli',
  review: 'Revue',
  reviewedBy: (u, at) => `par ${u} le ${at} UTC`,
  severities: { critical: 'Critique', high: 'Élevée', medium: 'Moyenne', low: 'Faible', info: 'Info' },
  statuses: { open: 'Ouverte', escalated: 'Remontée', resolved: 'Résolue', dismissed: 'Écartée' },
  findings: { missing: 'Clause manquante', failed: 'Ne respecte pas la règle', present: 'Clause présente', possible: 'Clause peut-être présente', unverified: 'À vérifier manuellement' },
  flagColumns: {
    severity: 'Gravité', status: 'Statut', rule: 'Règle', clauseType: 'Type de clause', finding: 'Constat', document: 'Document', page: 'Page', section: 'Section',
    evidence: 'Extrait', marked: 'Mots repérés', explanation: 'Explication', details: 'Détails', elsewhere: 'Ailleurs', guidance: 'Conseil', fallback: 'Rédaction de repli', note: 'Note de revue', reviewedBy: 'Revu par', reviewedAt: 'Revu le',
  },
  flagsSheet: 'Alertes',
  scanSheet: 'Examen',
  document: 'Document',
  portfolioSheet: 'Portefeuille',
  cellStates: { flagged: (s) => `alerte (${s})`, present: 'présente', missing: 'manquante', review: 'à revoir' },
  reviewFile: 'examen',
};

const DE: ExportStrings = {
  exportedOn: (d) => `Aus Casefile exportiert am ${d}. Quellenangaben stehen als Fußnoten mit Datei, Seite, Abschnitt und wörtlicher Textstelle.`,
  empty: '(leer)',
  states: {
    answered: 'Antwort',
    insufficient: 'Nicht genug Belege in den Dokumenten',
    creative: 'Antwort (über die Dokumente hinaus: wo nichts belegt ist, eigene Überlegungen des Modells)',
    inventory: 'Antwort zum Arbeitsbereich',
    capability: 'Casefile',
    clarification: 'Rückfrage nötig',
    action: 'Vorgeschlagene Aktion (wartet auf Zustimmung)',
    error: 'Fehler',
  },
  writtenBy: (m) => `geschrieben von ${m}`,
  aLanguageModel: 'einem Sprachmodell',
  verbatimNoModel: 'aus wörtlichen Textstellen, ohne Sprachmodell',
  modelFailed: (r) => `das Modell schlug fehl: ${r}`,
  stoppedByUser: 'vom Benutzer gestoppt',
  closestPassages: 'Nächstliegende Textstellen:',
  unresolvedCitation: '[nicht aufgelöste Quellenangabe]',
  quoteWrongSource: (k) => `[Zitat nicht in der angegebenen Quelle; wörtlich in Quelle ${k}]`,
  quoteNotFound: '[Zitat nicht wörtlich in den Quellen gefunden]',
  verification: (v) => {
    const citations = v.citations === 0 ? 'keine Quellenangaben' : v.unresolvedCitations === 0 ? `${n(v.citations, 'Quellenangabe', 'Quellenangaben')}, alle aufgelöst` : `${v.citations} Quellenangaben, ${v.unresolvedCitations} nicht aufgelöst`;
    const quotes = v.quotes === 0 ? 'keine Zitate' : v.unverifiedQuotes === 0 ? `${n(v.quotes, 'Zitat', 'Zitate')}, wörtlich` : `${v.quotes} Zitate, ${v.unverifiedQuotes} nicht wörtlich`;
    return `Prüfung: ${citations}; ${quotes}.`;
  },
  scopeAll: 'Gesucht: in allen Dokumenten.',
  scopeIn: (d, how) => `Gesucht in: ${d} (${how}).`,
  scopeHow: { question: 'in der Frage genannt', follow_up: 'Anschlussfrage zur vorigen Frage', user: 'vom Benutzer gewählt', workspace: 'alle Dokumente', language: 'Dokumente in der Sprache der Frage' },
  flowColumns: ['Dokument', 'Datei', 'Ergebnis', 'Urteil', 'Wert', 'Befund', 'Beleg', 'Seite', 'Abschnitt', 'Hinweis'],
  verdicts: { yes: 'ja', no: 'nein', unclear: 'nicht beurteilbar' },
  flowResults: { found: 'gefunden', not_found: 'nicht gefunden', failed: 'fehlgeschlagen' },
  flowStatuses: { proposed: 'vorgeschlagen', denied: 'abgelehnt', queued: 'wartet', running: 'läuft', done: 'fertig', failed: 'fehlgeschlagen', cancelled: 'abgebrochen', interrupted: 'unterbrochen' },
  findingsSheet: 'Befunde',
  questionSheet: 'Frage',
  flowFacts: { question: 'Frage', asked: 'Gestellt (UTC)', status: 'Status', documents: 'Dokumente', found: 'Gefunden', notFound: 'Nicht gefunden', failed: 'Fehlgeschlagen', yes: 'Ja', no: 'Nein', unclear: 'Nicht beurteilbar' },
  findingsFile: 'befunde',
  reviewTitle: (d) => `Vertragsprüfung: ${d}`,
  playbook: 'Playbook',
  scanned: 'Geprüft (UTC)',
  scannedLine: (s, g) => `${s} UTC; Bericht erstellt ${g} UTC`,
  reportGenerated: 'Bericht erstellt (UTC)',
  flags: 'Hinweise',
  openCount: (k) => `offen: ${k}`,
  noFlags: 'Keine Hinweise: Alle Regeln des Playbooks sind erfüllt.',
  evidence: 'Beleg',
  checked: 'Geprüft',
  elsewhere: 'Weitere Stellen',
  guidance: 'Empfehlung',
  fallbackLanguage: 'Ausweichformulierung',
  review: 'Prüfung',
  reviewedBy: (u, at) => `von ${u} am ${at} UTC`,
  severities: { critical: 'Kritisch', high: 'Hoch', medium: 'Mittel', low: 'Niedrig', info: 'Info' },
  statuses: { open: 'Offen', escalated: 'Eskaliert', resolved: 'Erledigt', dismissed: 'Verworfen' },
  findings: { missing: 'Klausel fehlt', failed: 'Erfüllt die Regel nicht', present: 'Klausel vorhanden', possible: 'Klausel möglicherweise vorhanden', unverified: 'Manuell zu prüfen' },
  flagColumns: {
    severity: 'Schwere', status: 'Status', rule: 'Regel', clauseType: 'Klauseltyp', finding: 'Befund', document: 'Dokument', page: 'Seite', section: 'Abschnitt',
    evidence: 'Beleg', marked: 'Markierte Wörter', explanation: 'Erläuterung', details: 'Einzelheiten', elsewhere: 'Weitere Stellen', guidance: 'Empfehlung', fallback: 'Ausweichformulierung', note: 'Prüfvermerk', reviewedBy: 'Geprüft von', reviewedAt: 'Geprüft am',
  },
  flagsSheet: 'Hinweise',
  scanSheet: 'Prüfung',
  document: 'Dokument',
  portfolioSheet: 'Portfolio',
  cellStates: { flagged: (s) => `Hinweis (${s})`, present: 'vorhanden', missing: 'fehlt', review: 'prüfen' },
  reviewFile: 'pruefung',
};

export const EXPORT_STRINGS: Readonly<Record<ExportLang, ExportStrings>> = { en: EN, fr: FR, de: DE };

/** The words of an export in `lang` (English for anything else). */
export function exportStrings(lang: string | null | undefined): ExportStrings {
  return EXPORT_STRINGS[lang === 'fr' || lang === 'de' ? lang : 'en'];
}
