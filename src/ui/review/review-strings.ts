/**
 * The words of the Review view — scanning, flags and their review, the portfolio, the playbook
 * library, sharing and printing — in the app's languages. Severities, statuses and findings are
 * the exports' own words (src/export/export-strings.ts), so a report reads like the screen.
 *
 * Length: over 400 lines because it is a string table: every word of the Review view in three languages.
 */
import type { FlagStatus } from '../../core/scan/types';
import { EXPORT_STRINGS } from '../../export/export-strings';
import type { Table } from '../i18n/language';

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export interface ReviewStrings {
  readonly severities: (typeof EXPORT_STRINGS)['en']['severities'];
  readonly statuses: (typeof EXPORT_STRINGS)['en']['statuses'];
  readonly findings: (typeof EXPORT_STRINGS)['en']['findings'];
  /** The verb on a review button. */
  readonly actions: Readonly<Record<FlagStatus, string>>;
  readonly cancel: string;
  // the view
  readonly contractReview: string;
  readonly playbook: string;
  readonly reviewingAs: (name: string) => string;
  readonly noReviewer: string;
  readonly change: string;
  readonly setName: string;
  readonly tabs: { readonly flags: string; readonly portfolio: string; readonly playbooks: string };
  readonly review: string;
  readonly openCount: (n: number) => string;
  // scanning
  readonly scanDocuments: string;
  readonly selectAll: string;
  readonly selectNone: string;
  readonly noReadyDocument: string;
  readonly documentsToScan: string;
  readonly pages: (n: number) => string;
  readonly scan: string;
  readonly scanN: (n: number) => string;
  readonly against: (name: string, version: string) => string;
  readonly scanProgress: string;
  readonly scanning: (name: string) => string;
  readonly ofDocuments: (i: number, n: number) => string;
  readonly moreWaiting: (n: number) => string;
  readonly left: (time: string) => string;
  readonly scanCancelled: string;
  readonly scanned: (documents: number, flags: number) => string;
  // flags
  readonly flags: (n: number) => string;
  readonly noScanYet: (playbook: string) => string;
  readonly noScanHint: string;
  readonly scannedDocuments: string;
  readonly allDocuments: string;
  readonly filters: string;
  readonly severity: string;
  readonly status: string;
  readonly report: string;
  readonly reportOf: (name: string) => string;
  readonly print: string;
  readonly filtered: (shown: number, total: string) => string;
  readonly noMatch: string;
  readonly noFlags: string;
  readonly flagList: string;
  readonly reviewed: (flags: string) => string;
  readonly toReview: (unresolved: number, flags: string, escalated: number) => string;
  readonly reviewProgress: (name: string) => string;
  readonly rescan: string;
  readonly passageGone: string;
  // a flag
  readonly page: (from: number, to: number) => string;
  readonly openInViewer: string;
  readonly notFoundAnywhere: string;
  readonly checked: string;
  /** Before the other places of a flag's kind ("also present: 2 passages of this kind at …"). */
  readonly elsewhere: string;
  readonly guidance: string;
  readonly fallbackLanguage: string;
  readonly copy: string;
  readonly copied: string;
  readonly history: (n: number) => string;
  readonly note: string;
  readonly noteFor: (action: string) => string;
  readonly decide: (action: string) => string;
  // badge on a document row
  readonly badgeReviewed: string;
  readonly badgeReviewedTitle: string;
  readonly badgeToReview: (n: number) => string;
  readonly badgeTitle: (n: number, worst: string | null, escalated: number) => string;
  // portfolio
  readonly scanToCompare: (playbook: string) => string;
  readonly allClauseTypes: string;
  readonly legend: { readonly flagged: string; readonly present: string; readonly notFound: string };
  readonly flagged: string;
  readonly exportCsv: string;
  readonly exportExcel: string;
  readonly portfolioGrid: string;
  readonly document: string;
  readonly sortBy: (name: string) => string;
  readonly cellLabel: (document: string, type: string, state: string) => string;
  readonly flaggedSeverity: (severity: string) => string;
  // reviewer name
  readonly whoReviews: string;
  readonly whoReviewsHint: string;
  readonly yourName: string;
  readonly saveName: string;
  // printed report
  readonly reviewTitle: (document: string) => string;
  readonly printedLine: (playbook: string, id: string, version: string, scanned: string, printed: string | null) => string;
  readonly printCounts: (total: number, open: number, escalated: number, resolved: number, dismissed: number) => string;
  readonly evidenceAt: (page: number, section: string) => string;
  readonly reviewLine: (status: string, user: string, when: string) => string;
  // the playbook library
  readonly origins: { readonly builtin: string; readonly file: string; readonly fileBuiltin: string; readonly link: string; readonly linkBuiltin: string; readonly editor: string; readonly editorBuiltin: string };
  readonly dropPlaybook: string;
  readonly importFile: string;
  readonly choosePlaybookFile: string;
  readonly pasteLink: string;
  readonly openLink: string;
  readonly playbooksAreData: string;
  readonly noPlaybookInLink: string;
  readonly playbooks: string;
  readonly playbookFacts: (origin: string, id: string, version: string, rules: number, types: number) => string;
  readonly by: (author: string) => string;
  readonly inUse: string;
  readonly useForReview: string;
  readonly edit: string;
  readonly duplicate: string;
  readonly exportFile: string;
  readonly shareLink: string;
  readonly restoreBuiltin: string;
  readonly delete: string;
  readonly restoreTitle: (name: string) => string;
  readonly deleteTitle: (name: string) => string;
  readonly deletePlaybook: string;
  readonly restoreText: (version: string) => string;
  readonly deleteText: string;
  // share
  readonly shareLinkLabel: (k: number) => string;
  readonly copyLink: string;
  readonly copyRefused: string;
  readonly shareHint: string;
  readonly sharedNotAdded: (error: string) => string;
  readonly dismiss: string;
  // an incoming playbook
  readonly addPlaybookTitle: (name: string) => string;
  readonly checkedFrom: (label: string) => string;
  readonly idVersion: string;
  readonly author: string;
  readonly jurisdiction: string;
  readonly contents: string;
  readonly contentsLine: (rules: number, types: number, language: string) => string;
  readonly rules: string;
  readonly clauseTypes: string;
  readonly differences: string;
  readonly added: (name: string) => string;
  readonly removed: (name: string) => string;
  readonly changed: (name: string, fields: string) => string;
  readonly newPlaybook: (id: string) => string;
  readonly identical: (version: string, origin: string) => string;
  readonly youHave: (name: string, from: string, origin: string, to: string) => string;
  readonly replacesBuiltin: string;
  readonly replacesYours: string;
  readonly detailsChanged: (fields: string) => string;
  readonly addPlaybook: string;
  readonly addThisVersion: string;
  readonly replaceMine: string;
  readonly originWords: Readonly<Record<string, string>>;
  // test on a document
  readonly testTitle: string;
  readonly addDocumentFirst: string;
  readonly documentToTest: string;
  readonly test: string;
  readonly testing: string;
  readonly fixFirst: string;
  readonly testSummary: (document: string, flags: number, firing: number, rules: number, ms: number) => string;
  readonly verdicts: { readonly notApplicable: string; readonly passes: string; readonly missing: string; readonly manual: string; readonly fires: string };
}

const E = EXPORT_STRINGS;

export const REVIEW: Table<ReviewStrings> = {
  en: {
    severities: E.en.severities,
    statuses: E.en.statuses,
    findings: E.en.findings,
    actions: { open: 'Reopen', escalated: 'Escalate', resolved: 'Resolve', dismissed: 'Dismiss' },
    cancel: 'Cancel',
    contractReview: 'Contract review',
    playbook: 'Playbook',
    reviewingAs: (name) => `Reviewing as ${name}`,
    noReviewer: 'Reviewer not named yet',
    change: 'Change',
    setName: 'Set name',
    tabs: { flags: 'Flags', portfolio: 'Portfolio', playbooks: 'Playbooks' },
    review: 'Review',
    openCount: (k) => ` (${k} open)`,
    scanDocuments: 'Scan documents',
    selectAll: 'Select all',
    selectNone: 'Select none',
    noReadyDocument: 'No document is ready yet. Add contracts in the Ask view (Documents), then scan them here.',
    documentsToScan: 'Documents to scan',
    pages: (k) => n(k, 'page', 'pages'),
    scan: 'Scan',
    scanN: (k) => `Scan ${k} documents`,
    against: (name, version) => `against “${name}” ${version}`,
    scanProgress: 'Scan progress',
    scanning: (name) => `Scanning ${name}`,
    ofDocuments: (i, k) => ` (${i} of ${k})`,
    moreWaiting: (k) => ` · ${n(k, 'more scan', 'more scans')} waiting`,
    left: (time) => `${time} left`,
    scanCancelled: 'Scan cancelled. ',
    scanned: (d, f) => `Scanned ${n(d, 'document', 'documents')}: ${n(f, 'flag', 'flags')}.`,
    flags: (k) => n(k, 'flag', 'flags'),
    noScanYet: (p) => `No document has been scanned with “${p}” yet.`,
    noScanHint: 'Choose documents above and press Scan: each clause is classified and checked against the playbook’s rules, and what needs a lawyer’s attention is listed here by severity.',
    scannedDocuments: 'Scanned documents',
    allDocuments: 'All documents',
    filters: 'Filters',
    severity: 'Severity',
    status: 'Status',
    report: 'Report',
    reportOf: (name) => `Report of ${name}:`,
    print: 'Print',
    filtered: (shown, total) => `${shown} of ${total} (filtered)`,
    noMatch: 'No flag matches the filters.',
    noFlags: 'No flags: every rule of the playbook passed.',
    flagList: 'Flags',
    reviewed: (flags) => `Reviewed · ${flags}`,
    toReview: (u, flags, esc) => `${u} of ${flags} to review${esc > 0 ? `, ${esc} escalated` : ''}`,
    reviewProgress: (name) => `Review progress of ${name}`,
    rescan: 'Changed since this scan: re-scan',
    passageGone: 'This passage is no longer in the workspace.',
    page: (a, b) => (a === b ? `p. ${a}` : `pp. ${a}–${b}`),
    openInViewer: 'Open in viewer',
    notFoundAnywhere: 'Not found anywhere in the document.',
    checked: 'Checked:',
    elsewhere: 'Elsewhere:',
    guidance: 'Guidance:',
    fallbackLanguage: 'Fallback language',
    copy: 'Copy',
    copied: 'Copied',
    history: (k) => `History (${k})`,
    note: 'Note:',
    noteFor: (a) => `Note for “${a}” (optional)`,
    decide: (a) => `${a} flag`,
    badgeReviewed: 'Reviewed',
    badgeReviewedTitle: 'Contract review: every flag resolved or dismissed',
    badgeToReview: (k) => `${k} to review`,
    badgeTitle: (k, worst, esc) => `Contract review: ${k} flags to review${worst ? ` (worst: ${worst})` : ''}${esc ? `, ${esc} escalated` : ''}`,
    scanToCompare: (p) => `Scan documents with “${p}” to compare them here, clause type by clause type.`,
    allClauseTypes: 'All clause types (not only those the rules check)',
    legend: { flagged: 'flagged, still open', present: 'Present', notFound: 'Not found' },
    flagged: 'Flagged',
    exportCsv: 'Export CSV',
    exportExcel: 'Export Excel',
    portfolioGrid: 'Portfolio grid',
    document: 'Document',
    sortBy: (name) => `Sort by ${name}`,
    cellLabel: (d, type, state) => `${d}, ${type}: ${state}`,
    flaggedSeverity: (s) => `flagged, ${s}`,
    whoReviews: 'Who is reviewing?',
    whoReviewsHint: 'Your name is recorded with each review decision, with the date and time. It stays on this device.',
    yourName: 'Your name',
    saveName: 'Save name',
    reviewTitle: (d) => `Contract review: ${d}`,
    printedLine: (p, id, v, scanned, printed) => `Playbook: ${p} (${id} ${v}) · Scanned ${scanned}${printed ? ` · Printed ${printed}` : ''}`,
    printCounts: (t, o, e, r, d) => `${n(t, 'flag', 'flags')}: ${o} open, ${e} escalated, ${r} resolved, ${d} dismissed.`,
    evidenceAt: (page, section) => `Evidence (p. ${page}${section ? `, ${section}` : ''}):`,
    reviewLine: (status, user, when) => `Review: ${status} by ${user}, ${when}`,
    origins: { builtin: 'Built in', file: 'Imported from a file', fileBuiltin: 'Built in, replaced by a file', link: 'Opened from a link', linkBuiltin: 'Built in, replaced from a link', editor: 'Edited here', editorBuiltin: 'Built in, edited' },
    dropPlaybook: 'Drop a playbook file here, or',
    importFile: 'Import a file…',
    choosePlaybookFile: 'Choose a playbook file',
    pasteLink: 'Or paste a shared link',
    openLink: 'Open link',
    playbooksAreData: 'Playbooks are data: they are checked before anything uses them, their patterns cannot hang the page, and their texts are shown as plain text.',
    noPlaybookInLink: 'This link carries no playbook (it has no “#playbook=…” part).',
    playbooks: 'Playbooks',
    playbookFacts: (o, id, v, r, t) => `${o} · ${id} · version ${v} · ${n(r, 'rule', 'rules')} · ${n(t, 'clause type', 'clause types')}`,
    by: (a) => ` · by ${a}`,
    inUse: 'In use',
    useForReview: 'Use for review',
    edit: 'Edit',
    duplicate: 'Duplicate',
    exportFile: 'Export file',
    shareLink: 'Share link',
    restoreBuiltin: 'Restore built-in',
    delete: 'Delete',
    restoreTitle: (name) => `Restore the built-in “${name}”?`,
    deleteTitle: (name) => `Delete “${name}”?`,
    deletePlaybook: 'Delete playbook',
    restoreText: (v) => `Your version ${v} is removed; scans made with it are brought up to date.`,
    deleteText: 'It is removed from this browser, for every workspace. Scans already made keep their flags.',
    shareLinkLabel: (k) => `Share link (${k} k characters)`,
    copyLink: 'Copy link',
    copyRefused: 'Copying was not allowed: select the link and copy it. ',
    shareHint: 'The playbook travels inside the link (after “#”), which is never sent to a server. Whoever opens it sees what it contains and is asked before anything is added.',
    sharedNotAdded: (e) => `The shared playbook was not added: ${e}`,
    dismiss: 'Dismiss',
    addPlaybookTitle: (name) => `Add the playbook “${name}”?`,
    checkedFrom: (label) => `From ${label}. It was checked: valid, its patterns run in linear time, its texts are shown as plain text. Nothing is added until you confirm.`,
    idVersion: 'Id and version',
    author: 'Author',
    jurisdiction: 'Jurisdiction',
    contents: 'Contents',
    contentsLine: (r, t, l) => `${n(r, 'rule', 'rules')}, ${n(t, 'clause type', 'clause types')}, language ${l}`,
    rules: 'Rules',
    clauseTypes: 'Clause types',
    differences: 'Differences',
    added: (x) => `Added: ${x}`,
    removed: (x) => `Removed: ${x}`,
    changed: (x, f) => `Changed: ${x} — ${f}`,
    newPlaybook: (id) => `No playbook with the id “${id}” is installed: this adds a new one.`,
    identical: (v, o) => `Identical to the version you have (${v}, ${o}).`,
    youHave: (name, from, o, to) => `You have “${name}” ${from} (${o}); this is ${to}.`,
    replacesBuiltin: 'Adding it takes the place of the built-in version, which you can restore at any time.',
    replacesYours: 'Adding it replaces yours.',
    detailsChanged: (f) => `Details changed: ${f}.`,
    addPlaybook: 'Add playbook',
    addThisVersion: 'Add this version',
    replaceMine: 'Replace my version',
    originWords: { builtin: 'built in', file: 'imported from a file', link: 'opened from a link', editor: 'edited here' },
    testTitle: 'Test on a document',
    addDocumentFirst: 'Add a document first (Ask view → Documents).',
    documentToTest: 'Document to test on',
    test: 'Test',
    testing: 'Testing…',
    fixFirst: 'Fix the problems first.',
    testSummary: (d, f, fi, r, ms) => `${d}: ${f} flags from ${fi} of ${r} rules (${ms} ms). Nothing was saved.`,
    verdicts: { notApplicable: 'No such clause: nothing to check', passes: 'Passes', missing: 'Fires: clause missing', manual: 'Fires: needs a manual check', fires: 'Fires' },
  },
  fr: {
    severities: E.fr.severities,
    statuses: E.fr.statuses,
    findings: E.fr.findings,
    actions: { open: 'Rouvrir', escalated: 'Remonter', resolved: 'Résoudre', dismissed: 'Écarter' },
    cancel: 'Annuler',
    contractReview: 'Examen des contrats',
    playbook: 'Playbook',
    reviewingAs: (name) => `Examen par ${name}`,
    noReviewer: 'Examinateur pas encore nommé',
    change: 'Changer',
    setName: 'Indiquer un nom',
    tabs: { flags: 'Alertes', portfolio: 'Portefeuille', playbooks: 'Playbooks' },
    review: 'Examen',
    openCount: (k) => ` (${k} ouvertes)`,
    scanDocuments: 'Examiner des documents',
    selectAll: 'Tout sélectionner',
    selectNone: 'Ne rien sélectionner',
    noReadyDocument: 'Aucun document n’est encore prêt. Ajoutez des contrats dans la vue Questions (Documents), puis examinez-les ici.',
    documentsToScan: 'Documents à examiner',
    pages: (k) => n(k, 'page', 'pages'),
    scan: 'Examiner',
    scanN: (k) => `Examiner ${k} documents`,
    against: (name, version) => `selon « ${name} » ${version}`,
    scanProgress: 'Avancement de l’examen',
    scanning: (name) => `Examen de ${name}`,
    ofDocuments: (i, k) => ` (${i} sur ${k})`,
    moreWaiting: (k) => ` · ${n(k, 'autre examen', 'autres examens')} en attente`,
    left: (time) => `encore ${time}`,
    scanCancelled: 'Examen annulé. ',
    scanned: (d, f) => `${n(d, 'document examiné', 'documents examinés')} : ${n(f, 'alerte', 'alertes')}.`,
    flags: (k) => n(k, 'alerte', 'alertes'),
    noScanYet: (p) => `Aucun document n’a encore été examiné avec « ${p} ».`,
    noScanHint: 'Choisissez des documents ci-dessus et lancez l’examen : chaque clause est classée et vérifiée selon les règles du playbook, et ce qui demande l’attention d’un juriste est listé ici par gravité.',
    scannedDocuments: 'Documents examinés',
    allDocuments: 'Tous les documents',
    filters: 'Filtres',
    severity: 'Gravité',
    status: 'Statut',
    report: 'Rapport',
    reportOf: (name) => `Rapport de ${name} :`,
    print: 'Imprimer',
    filtered: (shown, total) => `${shown} sur ${total} (filtrées)`,
    noMatch: 'Aucune alerte ne correspond aux filtres.',
    noFlags: 'Aucune alerte : toutes les règles du playbook sont respectées.',
    flagList: 'Alertes',
    reviewed: (flags) => `Revu · ${flags}`,
    toReview: (u, flags, esc) => `${u} sur ${flags} à revoir${esc > 0 ? `, ${esc} remontées` : ''}`,
    reviewProgress: (name) => `Avancement de la revue de ${name}`,
    rescan: 'Modifié depuis cet examen : réexaminer',
    passageGone: 'Ce passage ne fait plus partie de l’espace de travail.',
    page: (a, b) => (a === b ? `p. ${a}` : `p. ${a}–${b}`),
    openInViewer: 'Ouvrir dans la visionneuse',
    notFoundAnywhere: 'Introuvable dans tout le document.',
    checked: 'Vérifié :',
    elsewhere: 'Ailleurs :',
    guidance: 'Conseil :',
    fallbackLanguage: 'Rédaction de repli',
    copy: 'Copier',
    copied: 'Copié',
    history: (k) => `Historique (${k})`,
    note: 'Note :',
    noteFor: (a) => `Note pour « ${a} » (facultative)`,
    decide: (a) => `${a} l’alerte`,
    badgeReviewed: 'Revu',
    badgeReviewedTitle: 'Examen du contrat : toutes les alertes résolues ou écartées',
    badgeToReview: (k) => `${k} à revoir`,
    badgeTitle: (k, worst, esc) => `Examen du contrat : ${k} alertes à revoir${worst ? ` (la plus grave : ${worst})` : ''}${esc ? `, ${esc} remontées` : ''}`,
    scanToCompare: (p) => `Examinez des documents avec « ${p} » pour les comparer ici, type de clause par type de clause.`,
    allClauseTypes: 'Tous les types de clauses (pas seulement ceux que les règles vérifient)',
    legend: { flagged: 'alerte encore ouverte', present: 'Présente', notFound: 'Introuvable' },
    flagged: 'Alerte',
    exportCsv: 'Exporter en CSV',
    exportExcel: 'Exporter en Excel',
    portfolioGrid: 'Grille du portefeuille',
    document: 'Document',
    sortBy: (name) => `Trier par ${name}`,
    cellLabel: (d, type, state) => `${d}, ${type} : ${state}`,
    flaggedSeverity: (s) => `alerte, ${s}`,
    whoReviews: 'Qui examine ?',
    whoReviewsHint: 'Votre nom est enregistré avec chaque décision de revue, avec la date et l’heure. Il reste sur cet appareil.',
    yourName: 'Votre nom',
    saveName: 'Enregistrer le nom',
    reviewTitle: (d) => `Examen du contrat : ${d}`,
    printedLine: (p, id, v, scanned, printed) => `Playbook : ${p} (${id} ${v}) · Examiné le ${scanned}${printed ? ` · Imprimé le ${printed}` : ''}`,
    printCounts: (t, o, e, r, d) => `${n(t, 'alerte', 'alertes')} : ${o} ouvertes, ${e} remontées, ${r} résolues, ${d} écartées.`,
    evidenceAt: (page, section) => `Extrait (p. ${page}${section ? `, ${section}` : ''}) :`,
    reviewLine: (status, user, when) => `Revue : ${status} par ${user}, ${when}`,
    origins: { builtin: 'Intégré', file: 'Importé d’un fichier', fileBuiltin: 'Intégré, remplacé par un fichier', link: 'Ouvert depuis un lien', linkBuiltin: 'Intégré, remplacé depuis un lien', editor: 'Modifié ici', editorBuiltin: 'Intégré, modifié' },
    dropPlaybook: 'Déposez un fichier de playbook ici, ou',
    importFile: 'Importer un fichier…',
    choosePlaybookFile: 'Choisir un fichier de playbook',
    pasteLink: 'Ou collez un lien de partage',
    openLink: 'Ouvrir le lien',
    playbooksAreData: 'Les playbooks sont des données : ils sont vérifiés avant tout usage, leurs motifs ne peuvent pas bloquer la page, et leurs textes sont affichés comme du texte.',
    noPlaybookInLink: 'Ce lien ne contient aucun playbook (il n’a pas de partie « #playbook=… »).',
    playbooks: 'Playbooks',
    playbookFacts: (o, id, v, r, t) => `${o} · ${id} · version ${v} · ${n(r, 'règle', 'règles')} · ${n(t, 'type de clause', 'types de clauses')}`,
    by: (a) => ` · par ${a}`,
    inUse: 'Utilisé',
    useForReview: 'Utiliser pour l’examen',
    edit: 'Modifier',
    duplicate: 'Dupliquer',
    exportFile: 'Exporter le fichier',
    shareLink: 'Lien de partage',
    restoreBuiltin: 'Rétablir l’intégré',
    delete: 'Supprimer',
    restoreTitle: (name) => `Rétablir « ${name} » intégré ?`,
    deleteTitle: (name) => `Supprimer « ${name} » ?`,
    deletePlaybook: 'Supprimer le playbook',
    restoreText: (v) => `Votre version ${v} est retirée ; les examens faits avec elle sont mis à jour.`,
    deleteText: 'Il est retiré de ce navigateur, pour tous les espaces de travail. Les examens déjà faits gardent leurs alertes.',
    shareLinkLabel: (k) => `Lien de partage (${k} k caractères)`,
    copyLink: 'Copier le lien',
    copyRefused: 'La copie n’a pas été autorisée : sélectionnez le lien et copiez-le. ',
    shareHint: 'Le playbook voyage dans le lien (après « # »), qui n’est jamais envoyé à un serveur. Qui l’ouvre voit ce qu’il contient et on lui demande avant tout ajout.',
    sharedNotAdded: (e) => `Le playbook partagé n’a pas été ajouté : ${e}`,
    dismiss: 'Fermer',
    addPlaybookTitle: (name) => `Ajouter le playbook « ${name} » ?`,
    checkedFrom: (label) => `Provenance : ${label}. Il a été vérifié : valide, ses motifs s’exécutent en temps linéaire, ses textes sont affichés comme du texte. Rien n’est ajouté avant votre confirmation.`,
    idVersion: 'Identifiant et version',
    author: 'Auteur',
    jurisdiction: 'Juridiction',
    contents: 'Contenu',
    contentsLine: (r, t, l) => `${n(r, 'règle', 'règles')}, ${n(t, 'type de clause', 'types de clauses')}, langue ${l}`,
    rules: 'Règles',
    clauseTypes: 'Types de clauses',
    differences: 'Différences',
    added: (x) => `Ajouté : ${x}`,
    removed: (x) => `Retiré : ${x}`,
    changed: (x, f) => `Modifié : ${x} — ${f}`,
    newPlaybook: (id) => `Aucun playbook d’identifiant « ${id} » n’est installé : celui-ci est ajouté.`,
    identical: (v, o) => `Identique à votre version (${v}, ${o}).`,
    youHave: (name, from, o, to) => `Vous avez « ${name} » ${from} (${o}) ; celui-ci est en ${to}.`,
    replacesBuiltin: 'L’ajouter remplace la version intégrée, que vous pouvez rétablir à tout moment.',
    replacesYours: 'L’ajouter remplace le vôtre.',
    detailsChanged: (f) => `Détails modifiés : ${f}.`,
    addPlaybook: 'Ajouter le playbook',
    addThisVersion: 'Ajouter cette version',
    replaceMine: 'Remplacer ma version',
    originWords: { builtin: 'intégré', file: 'importé d’un fichier', link: 'ouvert depuis un lien', editor: 'modifié ici' },
    testTitle: 'Tester sur un document',
    addDocumentFirst: 'Ajoutez d’abord un document (vue Questions → Documents).',
    documentToTest: 'Document de test',
    test: 'Tester',
    testing: 'Test…',
    fixFirst: 'Corrigez d’abord les problèmes.',
    testSummary: (d, f, fi, r, ms) => `${d} : ${f} alertes de ${fi} règles sur ${r} (${ms} ms). Rien n’a été enregistré.`,
    verdicts: { notApplicable: 'Pas de telle clause : rien à vérifier', passes: 'Respectée', missing: 'Déclenchée : clause manquante', manual: 'Déclenchée : à vérifier manuellement', fires: 'Déclenchée' },
  },
  de: {
    severities: E.de.severities,
    statuses: E.de.statuses,
    findings: E.de.findings,
    actions: { open: 'Wieder öffnen', escalated: 'Eskalieren', resolved: 'Erledigen', dismissed: 'Verwerfen' },
    cancel: 'Abbrechen',
    contractReview: 'Vertragsprüfung',
    playbook: 'Playbook',
    reviewingAs: (name) => `Prüfung durch ${name}`,
    noReviewer: 'Noch kein Prüfer benannt',
    change: 'Ändern',
    setName: 'Namen angeben',
    tabs: { flags: 'Hinweise', portfolio: 'Portfolio', playbooks: 'Playbooks' },
    review: 'Prüfung',
    openCount: (k) => ` (${k} offen)`,
    scanDocuments: 'Dokumente prüfen',
    selectAll: 'Alle wählen',
    selectNone: 'Keine wählen',
    noReadyDocument: 'Noch kein Dokument ist bereit. Fügen Sie Verträge in der Ansicht Fragen (Dokumente) hinzu und prüfen Sie sie dann hier.',
    documentsToScan: 'Zu prüfende Dokumente',
    pages: (k) => n(k, 'Seite', 'Seiten'),
    scan: 'Prüfen',
    scanN: (k) => `${k} Dokumente prüfen`,
    against: (name, version) => `anhand von „${name}“ ${version}`,
    scanProgress: 'Fortschritt der Prüfung',
    scanning: (name) => `Prüft ${name}`,
    ofDocuments: (i, k) => ` (${i} von ${k})`,
    moreWaiting: (k) => ` · ${n(k, 'weitere Prüfung wartet', 'weitere Prüfungen warten')}`,
    left: (time) => `noch ${time}`,
    scanCancelled: 'Prüfung abgebrochen. ',
    scanned: (d, f) => `${n(d, 'Dokument', 'Dokumente')} geprüft: ${n(f, 'Hinweis', 'Hinweise')}.`,
    flags: (k) => n(k, 'Hinweis', 'Hinweise'),
    noScanYet: (p) => `Noch kein Dokument wurde mit „${p}“ geprüft.`,
    noScanHint: 'Wählen Sie oben Dokumente und starten Sie die Prüfung: Jede Klausel wird eingeordnet und anhand der Regeln des Playbooks geprüft, und was die Aufmerksamkeit eines Juristen braucht, steht hier nach Schwere geordnet.',
    scannedDocuments: 'Geprüfte Dokumente',
    allDocuments: 'Alle Dokumente',
    filters: 'Filter',
    severity: 'Schwere',
    status: 'Status',
    report: 'Bericht',
    reportOf: (name) => `Bericht zu ${name}:`,
    print: 'Drucken',
    filtered: (shown, total) => `${shown} von ${total} (gefiltert)`,
    noMatch: 'Kein Hinweis passt zu den Filtern.',
    noFlags: 'Keine Hinweise: Alle Regeln des Playbooks sind erfüllt.',
    flagList: 'Hinweise',
    reviewed: (flags) => `Geprüft · ${flags}`,
    toReview: (u, flags, esc) => `${u} von ${flags} zu prüfen${esc > 0 ? `, ${esc} eskaliert` : ''}`,
    reviewProgress: (name) => `Prüffortschritt von ${name}`,
    rescan: 'Seit dieser Prüfung geändert: erneut prüfen',
    passageGone: 'Diese Textstelle ist nicht mehr im Arbeitsbereich.',
    page: (a, b) => (a === b ? `S. ${a}` : `S. ${a}–${b}`),
    openInViewer: 'In der Ansicht öffnen',
    notFoundAnywhere: 'Nirgends im Dokument gefunden.',
    checked: 'Geprüft:',
    elsewhere: 'Weitere Stellen:',
    guidance: 'Empfehlung:',
    fallbackLanguage: 'Ausweichformulierung',
    copy: 'Kopieren',
    copied: 'Kopiert',
    history: (k) => `Verlauf (${k})`,
    note: 'Vermerk:',
    noteFor: (a) => `Vermerk zu „${a}“ (optional)`,
    decide: (a) => `Hinweis: ${a}`,
    badgeReviewed: 'Geprüft',
    badgeReviewedTitle: 'Vertragsprüfung: alle Hinweise erledigt oder verworfen',
    badgeToReview: (k) => `${k} zu prüfen`,
    badgeTitle: (k, worst, esc) => `Vertragsprüfung: ${k} Hinweise zu prüfen${worst ? ` (schwerster: ${worst})` : ''}${esc ? `, ${esc} eskaliert` : ''}`,
    scanToCompare: (p) => `Prüfen Sie Dokumente mit „${p}“, um sie hier Klauseltyp für Klauseltyp zu vergleichen.`,
    allClauseTypes: 'Alle Klauseltypen (nicht nur die, die die Regeln prüfen)',
    legend: { flagged: 'Hinweis, noch offen', present: 'Vorhanden', notFound: 'Nicht gefunden' },
    flagged: 'Hinweis',
    exportCsv: 'Als CSV exportieren',
    exportExcel: 'Als Excel exportieren',
    portfolioGrid: 'Portfolio-Raster',
    document: 'Dokument',
    sortBy: (name) => `Nach ${name} sortieren`,
    cellLabel: (d, type, state) => `${d}, ${type}: ${state}`,
    flaggedSeverity: (s) => `Hinweis, ${s}`,
    whoReviews: 'Wer prüft?',
    whoReviewsHint: 'Ihr Name wird mit jeder Prüfentscheidung samt Datum und Uhrzeit gespeichert. Er bleibt auf diesem Gerät.',
    yourName: 'Ihr Name',
    saveName: 'Namen speichern',
    reviewTitle: (d) => `Vertragsprüfung: ${d}`,
    printedLine: (p, id, v, scanned, printed) => `Playbook: ${p} (${id} ${v}) · Geprüft ${scanned}${printed ? ` · Gedruckt ${printed}` : ''}`,
    printCounts: (t, o, e, r, d) => `${n(t, 'Hinweis', 'Hinweise')}: ${o} offen, ${e} eskaliert, ${r} erledigt, ${d} verworfen.`,
    evidenceAt: (page, section) => `Beleg (S. ${page}${section ? `, ${section}` : ''}):`,
    reviewLine: (status, user, when) => `Prüfung: ${status} von ${user}, ${when}`,
    origins: { builtin: 'Eingebaut', file: 'Aus einer Datei importiert', fileBuiltin: 'Eingebaut, durch eine Datei ersetzt', link: 'Aus einem Link geöffnet', linkBuiltin: 'Eingebaut, aus einem Link ersetzt', editor: 'Hier bearbeitet', editorBuiltin: 'Eingebaut, bearbeitet' },
    dropPlaybook: 'Playbook-Datei hierher ziehen oder',
    importFile: 'Datei importieren…',
    choosePlaybookFile: 'Playbook-Datei wählen',
    pasteLink: 'Oder einen geteilten Link einfügen',
    openLink: 'Link öffnen',
    playbooksAreData: 'Playbooks sind Daten: Sie werden vor jeder Verwendung geprüft, ihre Muster können die Seite nicht blockieren, und ihre Texte werden als reiner Text angezeigt.',
    noPlaybookInLink: 'Dieser Link enthält kein Playbook (ihm fehlt der Teil „#playbook=…“).',
    playbooks: 'Playbooks',
    playbookFacts: (o, id, v, r, t) => `${o} · ${id} · Version ${v} · ${n(r, 'Regel', 'Regeln')} · ${n(t, 'Klauseltyp', 'Klauseltypen')}`,
    by: (a) => ` · von ${a}`,
    inUse: 'In Verwendung',
    useForReview: 'Für die Prüfung verwenden',
    edit: 'Bearbeiten',
    duplicate: 'Duplizieren',
    exportFile: 'Datei exportieren',
    shareLink: 'Link teilen',
    restoreBuiltin: 'Eingebautes wiederherstellen',
    delete: 'Löschen',
    restoreTitle: (name) => `Das eingebaute „${name}“ wiederherstellen?`,
    deleteTitle: (name) => `„${name}“ löschen?`,
    deletePlaybook: 'Playbook löschen',
    restoreText: (v) => `Ihre Version ${v} wird entfernt; damit gemachte Prüfungen werden aktualisiert.`,
    deleteText: 'Es wird aus diesem Browser entfernt, für alle Arbeitsbereiche. Bereits gemachte Prüfungen behalten ihre Hinweise.',
    shareLinkLabel: (k) => `Link zum Teilen (${k} Tsd. Zeichen)`,
    copyLink: 'Link kopieren',
    copyRefused: 'Kopieren wurde nicht erlaubt: Markieren und kopieren Sie den Link. ',
    shareHint: 'Das Playbook steckt im Link (nach „#“), der nie an einen Server gesendet wird. Wer ihn öffnet, sieht, was er enthält, und wird gefragt, bevor etwas hinzugefügt wird.',
    sharedNotAdded: (e) => `Das geteilte Playbook wurde nicht hinzugefügt: ${e}`,
    dismiss: 'Schließen',
    addPlaybookTitle: (name) => `Das Playbook „${name}“ hinzufügen?`,
    checkedFrom: (label) => `Herkunft: ${label}. Es wurde geprüft: gültig, seine Muster laufen in linearer Zeit, seine Texte werden als reiner Text angezeigt. Nichts wird hinzugefügt, bevor Sie bestätigen.`,
    idVersion: 'Kennung und Version',
    author: 'Autor',
    jurisdiction: 'Rechtsordnung',
    contents: 'Inhalt',
    contentsLine: (r, t, l) => `${n(r, 'Regel', 'Regeln')}, ${n(t, 'Klauseltyp', 'Klauseltypen')}, Sprache ${l}`,
    rules: 'Regeln',
    clauseTypes: 'Klauseltypen',
    differences: 'Unterschiede',
    added: (x) => `Hinzugefügt: ${x}`,
    removed: (x) => `Entfernt: ${x}`,
    changed: (x, f) => `Geändert: ${x} — ${f}`,
    newPlaybook: (id) => `Kein Playbook mit der Kennung „${id}“ ist installiert: Dieses wird neu hinzugefügt.`,
    identical: (v, o) => `Gleich wie Ihre Version (${v}, ${o}).`,
    youHave: (name, from, o, to) => `Sie haben „${name}“ ${from} (${o}); dies ist ${to}.`,
    replacesBuiltin: 'Es tritt an die Stelle der eingebauten Version, die Sie jederzeit wiederherstellen können.',
    replacesYours: 'Es ersetzt Ihres.',
    detailsChanged: (f) => `Geänderte Angaben: ${f}.`,
    addPlaybook: 'Playbook hinzufügen',
    addThisVersion: 'Diese Version hinzufügen',
    replaceMine: 'Meine Version ersetzen',
    originWords: { builtin: 'eingebaut', file: 'aus einer Datei importiert', link: 'aus einem Link geöffnet', editor: 'hier bearbeitet' },
    testTitle: 'An einem Dokument testen',
    addDocumentFirst: 'Fügen Sie zuerst ein Dokument hinzu (Ansicht Fragen → Dokumente).',
    documentToTest: 'Testdokument',
    test: 'Testen',
    testing: 'Wird getestet…',
    fixFirst: 'Beheben Sie zuerst die Probleme.',
    testSummary: (d, f, fi, r, ms) => `${d}: ${f} Hinweise aus ${fi} von ${r} Regeln (${ms} ms). Nichts wurde gespeichert.`,
    verdicts: { notApplicable: 'Keine solche Klausel: nichts zu prüfen', passes: 'Erfüllt', missing: 'Greift: Klausel fehlt', manual: 'Greift: manuell zu prüfen', fires: 'Greift' },
  },
};
