/**
 * The words chat directives are phrased with, per language (the companion of phrases.ts, read by
 * directives.ts): imperatives that ask for a playbook review ("scan", "check", "review") or for
 * documents to be brought in ("import", "add", "open"), the words before a playbook ("against",
 * "anhand") and for a playbook itself, and the polite openings people put before an imperative.
 * Document nouns, quantifiers and folder words come from phrases.ts. Matching folds case and
 * diacritics; adding a language is adding an entry.
 */
export interface DirectiveTable {
  /** Imperatives asking for a review against a playbook. */
  readonly scan: readonly string[];
  /** Imperatives asking for documents to be imported. */
  readonly import: readonly string[];
  /** Before the playbook: "against the commercial playbook". */
  readonly against: readonly string[];
  /** What a playbook is called. */
  readonly playbook: readonly string[];
  /** Openings before the imperative: "please", "can you". */
  readonly lead: readonly string[];
  /** Pointing at the documents in view: "these contracts". */
  readonly deictic: readonly string[];
  /** A separable verb particle closing the sentence ("Füge den Ordner … hinzu"). */
  readonly particle: readonly string[];
}

const en: DirectiveTable = {
  scan: ['scan', 'check', 'review', 'audit', 'screen', 'vet', 'run the playbook on', 'run a playbook on'],
  import: ['import', 'add', 'open', 'load', 'ingest', 'bring in'],
  against: ['against', 'with', 'using', 'per', 'according to', 'under'],
  playbook: ['playbook', 'playbooks', 'checklist'],
  lead: ['please', 'can you', 'could you', 'would you', 'kindly', 'now', 'go ahead and', 'i want you to', 'i would like you to'],
  deictic: ['these', 'those', 'this', 'that', 'my', 'our'],
  particle: [],
};

const fr: DirectiveTable = {
  scan: ['analyse', 'analyser', 'analysez', 'verifie', 'verifier', 'verifiez', 'controle', 'controler', 'controlez', 'examine', 'examiner', 'examinez', 'passe en revue', 'passez en revue', 'scanne', 'scanner', 'scannez', 'audite', 'auditer', 'auditez'],
  import: ['importe', 'importer', 'importez', 'ajoute', 'ajouter', 'ajoutez', 'ouvre', 'ouvrir', 'ouvrez', 'charge', 'charger', 'chargez'],
  against: ['par rapport au', 'par rapport a', 'au regard du', 'au regard de', 'selon', 'avec', 'contre', 'suivant'],
  playbook: ['playbook', 'playbooks', 'grille', 'referentiel', 'liste de controle'],
  lead: ['merci de', 'peux tu', 'pouvez vous', 'veuillez', 'stp', 's il te plait', 's il vous plait'],
  deictic: ['ces', 'ce', 'cet', 'cette', 'mes', 'nos'],
  particle: [],
};

const de: DirectiveTable = {
  scan: ['prufe', 'prufen', 'uberprufe', 'uberprufen', 'kontrolliere', 'kontrollieren', 'analysiere', 'analysieren', 'scanne', 'scannen'],
  import: ['importiere', 'importieren', 'fuge', 'fugen', 'offne', 'offnen', 'lade', 'laden'],
  against: ['anhand', 'gegen', 'mit', 'nach', 'gemass'],
  playbook: ['playbook', 'playbooks', 'checkliste', 'prufkatalog'],
  lead: ['bitte', 'kannst du', 'konnen sie', 'konntest du', 'konnten sie'],
  deictic: ['diese', 'dieser', 'dieses', 'diesen', 'meine', 'unsere'],
  particle: ['hinzu', 'ein'],
};

export const DIRECTIVES: Readonly<Record<string, DirectiveTable>> = { en, fr, de };
