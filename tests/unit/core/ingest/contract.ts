/**
 * A long synthetic contract (articles, numbered sections, sub-clauses, schedules, a running
 * header and page numbers), deterministic, for timing the chunker.
 */
import type { PageText } from '../../../../src/core/ingest/chunker';

const SENTENCES = [
  'The Supplier shall perform the Services with the skill, care and diligence of a leading supplier of similar services.',
  'Acme Inc. shall pay each undisputed invoice within thirty (30) days of receipt, e.g. by bank transfer to the account notified by the Supplier.',
  'Neither party shall be liable under this Agreement for any indirect, special or consequential loss; provided that nothing in this clause limits liability for fraud.',
  'Each party shall comply with all applicable laws, including the U.S. Foreign Corrupt Practices Act and the UK Bribery Act 2010, in connection with this Agreement.',
  'The obligations in this Section 5.2 survive the termination or expiry of this Agreement for a period of five (5) years.',
  'Any notice given under this Agreement shall be in writing and delivered by hand, by courier or by email to the address set out in Schedule 1.',
  'The Customer may, on not less than ninety days written notice, require the Supplier to provide the Termination Assistance described in Exhibit B.',
  'Le contrat est un accord de volontés entre deux ou plusieurs personnes destiné à créer, modifier, transmettre ou éteindre des obligations.',
];

/** About `pages` pages of ~3,400 characters each (300 pages ≈ 1 MB). */
export function syntheticContract(pages: number): PageText[] {
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const out: PageText[] = [];
  let article = 0;
  let section = 0;
  for (let p = 1; p <= pages; p++) {
    const lines: string[] = ['MASTER SERVICES AGREEMENT – CONFIDENTIAL', ''];
    let size = 0;
    while (size < 3300) {
      const r = next(20);
      let block: string;
      if (r === 0) {
        article++;
        section = 0;
        block = `ARTICLE ${article}\nGENERAL PROVISIONS ${article}`;
      } else if (r < 5) {
        section++;
        block = `${Math.max(article, 1)}.${section} Obligations of the Parties. ${SENTENCES[next(SENTENCES.length)]}`;
      } else if (r < 8) {
        block = ['(a)', '(b)', '(c)'].map((l) => `${l} ${(SENTENCES[next(SENTENCES.length)] as string).toLowerCase()}`).join('\n');
      } else {
        const n = 1 + next(5);
        const wrapped = Array.from({ length: n }, () => SENTENCES[next(SENTENCES.length)]).join(' ');
        block = wrapped.replace(/(.{60,80}?) /g, '$1\n');
      }
      lines.push(block, '');
      size += block.length;
    }
    lines.push(`- ${p} -`);
    out.push({ page: p, text: lines.join('\n') });
  }
  return out;
}
