/**
 * A question joining two asks ("how long does it run and does it renew?"), through the ask path
 * with the app's learned clause classifier and the extractive answer, over a real-shaped contract:
 * each ask is read for its own kind and value, and an ask nothing answers is said to be unanswered.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { turnFromAsk } from '../../../../src/core/answer/answer';
import { ask } from '../../../../src/core/ask/ask';
import type { AskDeps } from '../../../../src/core/ask/types';
import { askClassifier } from '../../../../src/playbooks/ask-classifier';
import { askWorkspace } from '../../../helpers/ask-workspace';

const CONTRACT = `CONTENT LICENSING AGREEMENT

This Content Licensing Agreement (the "Agreement") is entered into as of March 24, 2006 (the "Effective Date") by and between Halvard Media GmbH ("Licensor") and Brightline Data Inc. ("Licensee").

1. PURPOSE OF THE AGREEMENT
1.1 Licensor grants Licensee a non-exclusive licence to distribute the Content to mobile subscribers in the Territory.

2. OBLIGATIONS OF LICENSOR
2.1 Licensor shall deliver the Content in the formats set out in Appendix 1 and shall keep it current.

3. FEES
3.1 Licensee shall pay Licensor fifty percent (50%) of the net revenues it receives from the Content, within thirty (30) days after the end of each calendar month.

4. CONFIDENTIALITY
4.1 Each Party shall keep the other Party's confidential information secret and use it only for this Agreement.

5. TERM OF THE AGREEMENT AND TERMINATION
5.1 The term of this Agreement shall continue for twenty-four (24) months from the Effective Date unless terminated sooner or extended pursuant to the terms hereof ("Initial Term").
5.2 The Initial Term shall automatically be extended for an additional period of six (6) months unless either Party provides the other Party with written notification of termination at least sixty (60) days prior to the end of such period.
5.3 Either Party may terminate this Agreement upon written notice if the other Party materially breaches it and fails to cure the breach within thirty (30) days.

6. MISCELLANEOUS
6.1 Neither Party shall assign or transfer this Agreement or any rights granted herein to any third party without the prior written consent of the other Party.
6.2 Any amendment to this Agreement shall be in writing and signed by both Parties.

7. GOVERNING LAW
7.1 This Agreement shall be governed by and construed in accordance with the laws of the State of New York.
`;

let deps: AskDeps;

beforeAll(async () => {
  const w = await askWorkspace([{ file: 'halvard-brightline-content-licence.txt', text: CONTRACT }]);
  deps = { retriever: w.retriever, documents: w.documents, classifier: askClassifier(), chunks: (id) => w.workspace.chunks(id) };
}, 60_000);

const answer = async (question: string) => {
  const result = await ask({ question }, deps);
  return { result, turn: await turnFromAsk(result) };
};

describe('a question joining two asks', () => {
  it('states both values, each quoted', async () => {
    const { result, turn } = await answer('how long does the brightline deal run and does it renew?');
    expect(result.asks?.map((a) => a.value)).toEqual(['expiration_date', 'renewal_term']);
    expect(turn.state).toBe('answered');
    const text = turn.answer!.text;
    expect(text).toMatch(/^The initial term ends: 24 months after the Effective Date/u);
    expect(text).toMatch(/\n\nRenewal term: 6 months \[\d\]/u);
    expect(turn.answer!.quotes.map((q) => q.text).join(' ')).toMatch(/continue for twenty-four \(24\) months[\s\S]*automatically be extended/u);
    expect(turn.answer!.verification.ok).toBe(true);
  });

  it('quotes the clause an ask names without a value, beside the value of the other', async () => {
    const { turn } = await answer('what law governs the brightline contract and can it be assigned?');
    expect(turn.answer!.text).toMatch(/^New York law governs/u);
    expect(turn.answer!.quotes.map((q) => q.text).join(' ')).toMatch(/Neither Party shall assign/u);
  });

  it('says which ask no passage answers', async () => {
    const { result, turn } = await answer('how long does the brightline agreement run and is there a non-compete?');
    expect(result.asks?.map((a) => a.unanswered !== null)).toEqual([false, true]);
    expect(turn.state).toBe('answered');
    expect(turn.answer!.text).toMatch(/^The initial term ends: 24 months after the Effective Date/u);
    expect(turn.answer!.text).toContain('No passage in CONTENT LICENSING AGREEMENT is a non-compete clause.');
    // The app's own sentence is no quotation of the sources: the answer's check passes.
    expect(turn.answer!.verification.ok).toBe(true);
    expect(turn.answer!.verification.unverifiedQuotes).toBe(0);
  });

  it.each([
    ['when does it take effect?', 'effective_date', /^Effective date: March 24, 2006 \[\d\]/u],
    // Who the parties are, from the passage introducing them, each with the name it defines.
    ['who are the parties?', 'parties', /^Parties: Halvard Media \(“Licensor”\); Brightline Data \(“Licensee”\) \[\d\]/u],
  ] as const)('answers "… and %s" from the passage stating it though the other ask finds nothing', async (ask, value, lead) => {
    const { result, turn } = await answer(`does the brightline contract have a non-compete and ${ask}`);
    expect(result.outcome).toBe('answered');
    expect(result.asks?.map((a) => [a.value, a.unanswered !== null])).toEqual([
      [null, true],
      [value, false],
    ]);
    expect(turn.answer!.text).toMatch(lead);
    expect(turn.answer!.text).toMatch(/\n\nNo passage in .* is a non-compete clause\./u);
    expect(turn.answer!.verification.ok).toBe(true);
  });

  it('quotes the passage introducing the parties, and reads the parties asked in French and German', async () => {
    const { turn } = await answer('does the brightline contract have a non-compete and who are the parties?');
    expect(turn.answer!.quotes.map((q) => q.text).join(' ')).toContain('by and between Halvard Media GmbH ("Licensor") and Brightline Data Inc.');
    const fr = await answer('Le contrat brightline contient-il une clause de non-concurrence et qui sont les parties ?');
    expect(fr.turn.answer!.text).toMatch(/^Parties : Halvard Media \(« Licensor »\); Brightline Data \(« Licensee »\) \[\d\]/u);
    const de = await answer('Wie lange läuft der Brightline-Vertrag und wer sind die Parteien?');
    expect(de.turn.answer!.text).toMatch(/\n\nParteien: Halvard Media \(„Licensor“\); Brightline Data \(„Licensee“\) \[\d\]/u);
  });

  it('reads French and German questions joining two asks', async () => {
    const fr = await answer('Quelle est la durée du contrat brightline et y a-t-il une clause de non-concurrence ?');
    expect(fr.turn.answer!.text).toMatch(/^Fin de la durée initiale : 24 mois après la date d’effet/u);
    expect(fr.turn.answer!.text).toContain('n’est une clause du type « non-concurrence ».');
    expect(fr.turn.answer!.verification.unverifiedQuotes).toBe(0);
    const de = await answer('Wie lange läuft der Brightline-Vertrag und verlängert er sich automatisch?');
    expect(de.turn.answer!.text).toMatch(/^Ende der Laufzeit: 24 Monate nach dem Inkrafttreten/u);
    expect(de.turn.answer!.text).toMatch(/\n\nVerlängerung: 6 Monate \[\d\]/u);
  });

  it('reads the one contract of the workspace whole for a question naming none', async () => {
    const { result, turn } = await answer('does it renew?');
    expect(result.scope.documentIds).toEqual([]);
    expect(turn.state).toBe('answered');
    expect(turn.answer!.text).toMatch(/^Renewal term: 6 months \[\d\]/u);
    // Two asks, neither in the contract's words: the renewal clause answers one, nothing the other.
    const both = await answer('does it renew and is there a non-compete?');
    expect(both.result.asks?.map((a) => a.unanswered === null)).toEqual([true, false]);
    expect(both.turn.answer!.text).toMatch(/^Renewal term: 6 months \[\d\]\n\nNo passage in the workspace is a non-compete clause\./u);
  });

  it('reads one ask as before', async () => {
    const { result } = await answer('how long does the brightline deal run?');
    expect(result.asks).toBeUndefined();
    expect(result.askedValue).toBe('expiration_date');
  });
});

describe('a question joining asks over a workspace of several contracts', () => {
  const SUPPLY = `SUPPLY AGREEMENT

This Supply Agreement is made as of May 2, 2018 by and between ORBIS FOODS, INC., a Delaware corporation ("Orbis"), and KESTREL PACKAGING LTD., an Ontario company ("Kestrel").

1. SUPPLY
1.1 Kestrel shall supply the Packaging ordered by Orbis in accordance with the Specifications.

2. NON-COMPETITION
2.1 During the term of this Agreement and for two (2) years thereafter, Kestrel shall not, directly or indirectly, manufacture or sell packaging for any business that competes with Orbis in the Territory.

3. GOVERNING LAW
3.1 This Agreement shall be governed by the laws of the Province of Ontario.
`;
  const SERVICES = `SERVICES AGREEMENT

This Services Agreement is entered into as of January 9, 2020 between NORLAND ANALYTICS LLC, a Texas limited liability company ("Norland"), and QUARRY HEALTH, INC., a Nevada corporation ("Quarry").

1. SERVICES
1.1 Norland shall provide the data services described in Schedule A.

2. FEES
2.1 Quarry shall pay the fees within thirty (30) days of each invoice.

3. GOVERNING LAW
3.1 This Agreement shall be governed by the laws of the State of Texas.
`;
  let several: AskDeps;
  beforeAll(async () => {
    const w = await askWorkspace([
      { file: 'halvard-brightline-content-licence.txt', text: CONTRACT },
      { file: 'orbis-kestrel-supply.txt', text: SUPPLY },
      { file: 'norland-quarry-services.txt', text: SERVICES },
    ]);
    several = { retriever: w.retriever, documents: w.documents, classifier: askClassifier(), chunks: (id) => w.workspace.chunks(id) };
  }, 60_000);

  it("states each contract's parties on its line and still quotes the non-compete clause", async () => {
    const turn = await turnFromAsk(await ask({ question: 'who are the parties and is there a non-compete?' }, several));
    const text = turn.answer!.text;
    expect(text).toMatch(/^In .*Halvard.*: Parties: Halvard Media \(“Licensor”\); Brightline Data \(“Licensee”\) \[\d\]$/imu);
    expect(text).toMatch(/^In .*Orbis.*: Parties: Orbis Foods \(“Orbis”\); Kestrel Packaging \(“Kestrel”\) \[\d\]$/imu);
    expect(text).toMatch(/^In .*Norland.*: Parties: Norland Analytics \(“Norland”\); Quarry Health \(“Quarry”\) \[\d\]$/imu);
    const quotes = turn.answer!.quotes.map((q) => q.text);
    expect(quotes.some((q) => q.includes('shall not, directly or indirectly, manufacture or sell packaging'))).toBe(true);
    expect(quotes.some((q) => q.includes('KESTREL PACKAGING LTD., an Ontario company'))).toBe(true);
    expect(turn.answer!.verification.ok).toBe(true);
  });

  it("states each contract's law", async () => {
    const turn = await turnFromAsk(await ask({ question: 'what law governs?' }, several));
    const text = turn.answer!.text;
    expect(text).toMatch(/^In .*Orbis.*: Ontario law governs \[\d\]$/imu);
    expect(text).toMatch(/^In .*Norland.*: Texas law governs \[\d\]$/imu);
    expect(text).toMatch(/^In .*Halvard.*: New York law governs \[\d\]$/imu);
  });
});
