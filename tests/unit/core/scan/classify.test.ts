import { describe, expect, it } from 'vitest';
import { PlaybookClassifier, stripDocumentNames } from '../../../../src/core/scan/classify';
import type { ClauseType } from '../../../../src/core/scan/playbook';
import type { Embedder } from '../../../../src/core/ports';
import { askClassifier } from '../../../../src/playbooks/ask-classifier';
import { builtinClassifier } from '../../../../src/playbooks/classifiers';
import { detectQueryLanguage } from '../../../../src/core/search/query-language';
import { builtinClauseTypes } from '../../../../src/playbooks/builtin';
import { presenceOf } from '../../../../src/core/clauses/profiles';

const types = (labels: { type: string }[]) => labels.map((l) => l.type);

describe('the built-in clause classifier', () => {
  const classifier = builtinClassifier();
  // The playbooks' own signals (what NDA, DPA and a user's clause types are classified by).
  const signals = new PlaybookClassifier(builtinClauseTypes());

  it('names the clause type a question asks about', async () => {
    const labels = await classifier.questionTypes('Consider the Software License Agreement between Acme Corp and Beta LLC; is there a cap on liability?');
    expect(labels[0]?.type).toBe('cap_on_liability');
    // With the playbooks' name, for what the ask path writes ("… is a cap on liability clause").
    expect(labels[0]!.name).toBe('Cap on liability');
    expect(types(labels)).not.toContain('license_grant');
    expect(types(await classifier.questionTypes('Which law governs this contract?'))).toContain('governing_law');
    expect(types(await classifier.questionTypes('Can the customer terminate without cause?'))).toContain('termination_for_convenience');
    expect(types(await classifier.questionTypes('Is there a non-compete?'))).toContain('non_compete');
    expect(types(await classifier.questionTypes('Is either party barred from competing with the other?'))).toContain('non_compete');
    expect(types(await classifier.questionTypes('Which party owns intellectual property created under the contract?'))).toContain('ip_ownership_assignment');
    // Generic words of a question ("term", "agreement") name no clause type on their own.
    expect(types(await classifier.questionTypes('When does the term of this agreement end?'))).not.toContain('agreement_confidentiality');
  });

  it('names the clause type of a question in French or German by the playbook’s words in that language, however inflected', async () => {
    // As the ask path builds it: questions read in their language.
    const classifier = askClassifier();
    expect(types(await classifier.questionTypes('Le contrat peut-il être résilié sans motif ?'))[0]).toBe('termination_for_convenience');
    expect(types(await classifier.questionTypes('Le contrat Inktomi peut-il être cédé ?'))[0]).toBe('anti_assignment');
    expect(types(await classifier.questionTypes('Quelle est la loi applicable au contrat d’hébergement ?'))[0]).toBe('governing_law');
    expect(types(await classifier.questionTypes('Verlängert sich der Vertrag automatisch?'))[0]).toBe('renewal_term');
    expect(types(await classifier.questionTypes('Gibt es ein Wettbewerbsverbot?'))[0]).toBe('non_compete');
    // How people ask, not only how clauses are titled: the law a contract is subject to, a cap as a limited liability, how long it runs.
    expect(types(await classifier.questionTypes('Quelle loi régit le contrat ?'))[0]).toBe('governing_law');
    expect(types(await classifier.questionTypes('Welchem Recht unterliegt der Vertrag?'))[0]).toBe('governing_law');
    // Across the workspace, in the plural and in lower case: "welche verträge unterliegen …", "quels contrats sont régis par le droit …".
    expect(types(await classifier.questionTypes('welche verträge unterliegen dem recht des staates new york?'))[0]).toBe('governing_law');
    expect(types(await classifier.questionTypes("quels contrats sont régis par le droit de l'état de new york ?"))[0]).toBe('governing_law');
    expect(types(await classifier.questionTypes('Ist die Haftung begrenzt?'))[0]).toBe('cap_on_liability');
    expect(types(await classifier.questionTypes('Wie lange läuft der Vertrag?'))[0]).toBe('expiration_date');
    expect(types(await classifier.questionTypes('Wie lange läuft die Vereinbarung mit Prudential?'))[0]).toBe('expiration_date');
    // A verb the stemmer leaves inflected: "se renouvellent" is "renouvellement"'s "renouvel" + "lent";
    // „verlängern“ stems as „verlangen“ does, and is read by the value its words ask (values/extract.ts).
    expect(types(await classifier.questionTypes('Quels contrats se renouvellent automatiquement ?'))).toEqual(['renewal_term']);
    expect(types(await classifier.questionTypes('renouvellent automatiquement'))).toEqual(['renewal_term']);
    expect(types(await classifier.questionTypes('Welche Verträge verlängern sich automatisch?'))).toEqual(['renewal_term']);
    // A German participle: „gekündigt“ is „Kündigung“'s "kundig" after "ge-", plus "t".
    expect(types(await classifier.questionTypes('Welche Verträge können ordentlich gekündigt werden?'))[0]).toBe('termination_for_convenience');
    // The content a flow asks each document („ordentlich gekündigt“) is too short to tell its language: the whole question's is given.
    expect(types(await classifier.questionTypes('ordentlich gekündigt'))).toEqual([]);
    expect(types(await classifier.questionTypes('ordentlich gekündigt', { language: 'de' }))[0]).toBe('termination_for_convenience');
    // A compound is no inflection: „Verträge“ does not name the kinds of „nach Vertragsende“ or „Vertragsende“.
    expect(types(await classifier.questionTypes('Welche Verträge sind exklusiv?'))).toEqual(['exclusivity']);
    // A word that stems like a keyword but means something else: "verlangen" (demand) is no "Verlängerung", "assurer" no insurance.
    expect(types(await classifier.questionTypes('Kann der Inhaber vom Rechtsverletzer Unterlassung verlangen?'))).toEqual([]);
    expect(types(await classifier.questionTypes('Le prestataire doit-il assurer la maintenance du logiciel ?'))).not.toContain('insurance');
    // Too short to tell its language: the translations are read as written.
    expect(types(await classifier.questionTypes('exclusivité ?'))[0]).toBe('exclusivity');
    // A contract named by its kind is the document asked about, not the clause: « la durée du contrat de licence » asks the term.
    expect(types(await classifier.questionTypes('quelle est la durée du contrat de licence nls ?'))).toEqual(['expiration_date']);
    expect(types(await classifier.questionTypes('le contrat de licence est-il exclusif ?'))).toEqual(['exclusivity']);
    expect(types(await classifier.questionTypes('y a-t-il une clause de non-concurrence dans le contrat de distribution ?'))).toEqual(['non_compete']);
    expect(types(await classifier.questionTypes('quelle est la durée de la licence ?'))).toContain('license_grant');
    // An English question is never read by a French word it happens to use.
    expect(types(await classifier.questionTypes('Is there quality assurance in the supply deal?'))).not.toContain('insurance');
  });

  it('reads a translation in the question’s language only, never an English keyword stemmed as French', async () => {
    const playbook = new PlaybookClassifier(
      [
        { id: 'exclusions', name: 'Exclusions', description: 'What is excluded', keywords: ['exclusions'], signals: [], examples: [] },
        { id: 'exclusivity', name: 'Exclusivity', description: 'Exclusive dealing', keywords: ['exclusivity'], keywordsByLanguage: { fr: ['exclusivité'] }, signals: [], examples: [] },
      ],
      { questionLanguage: detectQueryLanguage },
    );
    // French stems "exclusivité" and "exclusions" alike ("exclus").
    expect(types(await playbook.questionTypes('Y a-t-il une clause d’exclusivité dans le contrat ?'))).toEqual(['exclusivity']);
    expect(types(await playbook.questionTypes('Which claims are exclusions of the warranty?'))).toEqual(['exclusions']);
  });

  it('gives no type to a question about no particular clause', async () => {
    expect(await classifier.questionTypes('Consider the Distribution Agreement between Acme and Beta; what is the address of the seller?')).toEqual([]);
    expect(await classifier.questionTypes('Who signed the document?')).toEqual([]);
  });

  it('classifies clauses by their wording', async () => {
    const [cap, law, tfc, none] = await classifier.classify([
      { text: "Each party's aggregate liability under this Agreement shall not exceed the fees paid in the six months before the claim." },
      { text: 'This contract is governed by the laws of the State of Texas.' },
      { text: 'The Buyer may terminate this Agreement at any time without cause on 60 days written notice.' },
      { text: 'The parties met on a sunny afternoon to discuss the weather.' },
    ]);
    expect(types(cap!)).toContain('cap_on_liability');
    expect(types(law!)[0]).toBe('governing_law');
    expect(types(tfc!)).toContain('termination_for_convenience');
    // The model's clause head reads single clauses: text that is no clause can pass a kind's clause
    // threshold, never the contract threshold (presence) that missing clauses and flags rest on.
    expect(none!.every((l) => presenceOf(l) < 0.5)).toBe(true);
    expect(law!.find((l) => l.type === 'governing_law')!.presence).toBeGreaterThan(0.5);
  });

  it('reads a section title as structure', async () => {
    const [titled, untitled] = await signals.classify([
      { text: 'Each party shall maintain adequate cover with reputable carriers.', sectionTitle: 'Insurance', sectionPath: ['9 Insurance'] },
      { text: 'Each party shall maintain adequate cover with reputable carriers.' },
    ]);
    expect(types(titled!)).toContain('insurance');
    expect(types(untitled!)).not.toContain('insurance');
  });

  it('counts negative signals against a type ("non-exclusive" is not exclusivity)', async () => {
    const [exclusive, nonExclusive] = await signals.classify([
      { text: 'Supplier appoints Reseller as its exclusive distributor in France.' },
      { text: 'Supplier appoints Reseller as a non-exclusive distributor in France.' },
    ]);
    expect(types(exclusive!)).toContain('exclusivity');
    expect(types(nonExclusive!)).not.toContain('exclusivity');
  });

  it('is cancellable', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(classifier.classify([{ text: 'x' }], { signal: controller.signal })).rejects.toMatchObject({ code: 'job/aborted' });
  });

  it('scores the same whether its patterns were compiled ahead (warm) or on first use', async () => {
    // Titled passages, so the title keywords are read; signals of every kind of type.
    const passages = [
      { text: 'Supplier appoints Reseller as a non-exclusive distributor in France.', sectionPath: ['2 Appointment'], sectionTitle: '2 Appointment' },
      { text: 'The Processor shall notify the Controller of a personal data breach without undue delay.', sectionPath: ['Security', 'Breach notification'], sectionTitle: 'Breach notification' },
      { text: 'The Recipient shall keep the Confidential Information secret for five years.', sectionPath: ['Confidentiality'], sectionTitle: 'Confidentiality' },
      { text: 'This contract is governed by the laws of the State of Texas.', sectionPath: ['Insurance'], sectionTitle: 'Insurance' },
    ];
    const cold = new PlaybookClassifier(builtinClauseTypes());
    const warm = new PlaybookClassifier(builtinClauseTypes());
    warm.warm();
    expect(await warm.evidence(passages)).toEqual(await cold.evidence(passages));
    const learnedCold = builtinClassifier();
    const learnedWarm = builtinClassifier();
    learnedWarm.warm();
    expect(await learnedWarm.classify(passages)).toEqual(await learnedCold.classify(passages));
    expect(await learnedWarm.questionTypes('Is there a breach notification duty?')).toEqual(await learnedCold.questionTypes('Is there a breach notification duty?'));
  });
});

describe('PlaybookClassifier with an embedder', () => {
  const type: ClauseType = { id: 'force_majeure', name: 'Force majeure', description: 'Excused performance', keywords: [], signals: [], examples: ['storm flood war'] };
  // A toy embedder: one dimension per word of a tiny vocabulary, L2-normalised.
  const vocab = ['storm', 'flood', 'war', 'price', 'goods'];
  const embedder: Embedder = {
    model: { id: 'toy', dtype: 'fp32', device: 'cpu', dim: vocab.length },
    embed: async (texts) =>
      texts.map((t) => {
        const v = new Float32Array(vocab.map((w) => (t.toLowerCase().includes(w) ? 1 : 0)));
        const n = Math.hypot(...v) || 1;
        return v.map((x) => x / n);
      }),
  };

  it('adds similarity to the reference examples as evidence', async () => {
    const withEmbedder = new PlaybookClassifier([type], { embedder });
    const [near, far] = await withEmbedder.evidence([{ text: 'Delays caused by storm, flood or war are excused.' }, { text: 'The price of the goods is fixed.' }]);
    expect(near![0]!.similarity).toBeCloseTo(1, 5);
    expect(near![0]!.score).toBeGreaterThanOrEqual(0.5);
    expect(far![0]!.score).toBe(0);
    const lexicalOnly = await new PlaybookClassifier([type]).classify([{ text: 'Delays caused by storm, flood or war are excused.' }]);
    expect(lexicalOnly[0]).toEqual([]);
  });
});

describe('stripDocumentNames', () => {
  it('drops the naming part of a question', () => {
    expect(stripDocumentNames('Consider the Master Services Agreement between A and B; is there an audit right?').trim()).toBe('is there an audit right?');
    expect(stripDocumentNames('Does the Exclusive License Agreement allow sublicensing?')).not.toMatch(/Exclusive/);
    expect(stripDocumentNames('quelle est la durée du contrat de licence et de développement ?')).not.toMatch(/licence|développement/u);
    expect(stripDocumentNames('le contrat Inktomi peut-il être cédé ?')).toBe('le contrat Inktomi peut-il être cédé ?');
  });
});
