/**
 * Generated contracts full of lines that look like headings but are not, with the answers kept
 * on the side: the section path every body sentence must get, and the document's own title.
 *
 * Traps (each placed at random in some documents):
 *   - a table of contents with dot leaders before the first clause;
 *   - a filing's exhibit number ("Exhibit 10.24") and a legend in capitals above the title, a
 *     company name line above it ("ACME HOLDINGS, INC.");
 *   - a notice clause with street addresses ("700 Dresher Road, Suite 100");
 *   - amounts and bare numbers alone on a line ("$1,000,000", "600"), rows of a table;
 *   - a disclaimer written in capitals over several lines, with commas;
 *   - a signature block ("ACME CORP. GLOBEX LLC", "By: ____", "Name: …");
 *   - a clause numbered "N.0" right after a "Section N-1" heading (its path must not nest in it);
 *   - Word-styled clause headings holding a whole clause ("## 2.2 Support. During …").
 * Every body sentence carries a unique word so the chunk holding it can be found.
 */
import type { PageText } from '../../../../src/core/ingest/chunker';
import { prng } from '../../../../src/core/prng';

interface TrapSentence {
  readonly word: string;
  readonly path: readonly string[];
}

export interface TrapDoc {
  readonly pages: PageText[];
  readonly title: string;
  readonly sentences: readonly TrapSentence[];
  /** Which traps this document holds. */
  readonly traps: readonly string[];
}

const TITLES = ['MASTER SERVICES AGREEMENT', 'DISTRIBUTION AGREEMENT', 'SUPPLY AND MANUFACTURING AGREEMENT', 'SOFTWARE LICENSE AGREEMENT', 'STRATEGIC ALLIANCE AGREEMENT'];
const SECTION_TITLES = ['Definitions', 'Appointment', 'Payment Terms', 'Delivery', 'Warranties', 'Limitation of Liability', 'Term and Termination', 'Confidentiality', 'Notices', 'Governing Law', 'Miscellaneous'];
const COMPANIES = ['ACME HOLDINGS, INC.', 'GLOBEX CORPORATION', 'INITECH LLC', 'UMBRELLA LTD.'];
const BODY = [
  'The Supplier shall deliver the Products within thirty (30) days of each purchase order',
  'Each party shall keep the terms of this Agreement confidential',
  'Fees are payable in United States dollars within forty-five (45) days of invoice',
  'Neither party may assign this Agreement without the prior written consent of the other party',
  'This Agreement shall be governed by the laws of the State of New York',
];

export function trapDoc(seed: number): TrapDoc {
  const rnd = prng(seed);
  const chance = (p: number) => rnd() < p;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  let uid = 0;
  // Letters only: digits are masked when running headers are compared, so ids must differ in letters.
  const word = () => `zq${letters(seed * 1000 + uid++)}`;
  const lines: string[] = [];
  const sentences: TrapSentence[] = [];
  const traps: string[] = [];
  const body = (path: readonly string[]): string => {
    const w = word();
    sentences.push({ word: w, path });
    return `${pick(BODY)} under clause ${w}.`;
  };

  const title = pick(TITLES);
  if (chance(0.5)) {
    traps.push('filing label and legend');
    lines.push(`Exhibit 10.${1 + Math.floor(rnd() * 40)}`, '');
    lines.push('CERTAIN CONFIDENTIAL PORTIONS OF THIS EXHIBIT HAVE BEEN OMITTED AND FILED SEPARATELY WITH THE', 'SECURITIES AND EXCHANGE COMMISSION PURSUANT TO RULE 406. SUCH PORTIONS ARE MARKED [***].', '');
  }
  if (chance(0.4)) {
    traps.push('company line above the title');
    lines.push(pick(COMPANIES));
  }
  lines.push(title, '', `This ${title.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())} is made between ${COMPANIES[0]} and ${COMPANIES[1]}.`, '');
  const count = 6 + Math.floor(rnd() * 5);
  const titles = SECTION_TITLES.slice(0, count);
  if (chance(0.4)) {
    traps.push('table of contents');
    titles.forEach((t, i) => lines.push(`${i + 1}. ${t} ${'.'.repeat(20 + Math.floor(rnd() * 20))} ${i + 2}`));
    lines.push('');
  }
  const styled = chance(0.3);
  if (styled) traps.push('styled clause headings');
  const sectionWord = !styled && chance(0.4);
  titles.forEach((t, i) => {
    const n = i + 1;
    const top = sectionWord ? `Section ${n} ${t}` : `${n} ${t}`;
    if (sectionWord && i === titles.length - 1 && i > 0) {
      // "N.0 Title" right after "Section N-1": a new top-level clause, not a part of the last one.
      traps.push('N.0 after a Section heading');
      lines.push(`${n}.0 ${t}. ${body([`${n}.0 ${t}`])}`, '');
      return;
    }
    lines.push(styled ? `# ${n}. ${t}` : sectionWord ? `Section ${n}. ${t}` : `${n}. ${t}`);
    lines.push(body([top]), '');
    const subs = 1 + Math.floor(rnd() * 3);
    for (let k = 1; k <= subs; k++) {
      const label = `${n}.${k}`;
      const subTitle = pick(['Scope', 'Timing', 'Exceptions', 'Procedure', 'Records', 'Reports']);
      const path = [top, `${label} ${subTitle}`];
      lines.push(styled ? `## ${label} ${subTitle}. ${body(path)}` : `${label} ${subTitle}. ${body(path)}`);
      if (t === 'Notices' && k === 1) {
        traps.push('addresses');
        lines.push('If to the Supplier:', `${700 + Math.floor(rnd() * 200)} Dresher Road, Suite ${100 + Math.floor(rnd() * 50)}`, 'Horsham, Pennsylvania 19044', `${10 + Math.floor(rnd() * 80)} West 42nd Street, New York, NY 10036`);
        lines.push(body(path));
      }
      if (t === 'Payment Terms' && k === 1) {
        traps.push('amounts and a table');
        lines.push('The fees are:', '$1,000,000', String(200 + Math.floor(rnd() * 700)), '1 Widget 5 10.00', '2 Gadget 7 12.50');
        lines.push(body(path));
      }
      if (t === 'Limitation of Liability' && k === 1) {
        traps.push('disclaimer in capitals');
        lines.push('IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR ANY INDIRECT, INCIDENTAL,', 'SPECIAL OR CONSEQUENTIAL DAMAGES, LOST PROFITS, OR LOSS OF DATA, HOWEVER', 'CAUSED, WHETHER IN CONTRACT, TORT (INCLUDING NEGLIGENCE) OR OTHERWISE.');
        lines.push(body(path));
      }
      lines.push('');
    }
  });
  if (chance(0.6)) {
    traps.push('signature block');
    const lastPath = sentences[sentences.length - 1]!.path;
    lines.push('IN WITNESS WHEREOF, the parties have executed this Agreement.', '', `${COMPANIES[0]} ${COMPANIES[1]}`, 'By: ______________ By: ______________', 'Name: Jane Doe Name: John Roe');
    lines.push(body(lastPath));
  }
  // Pages of about 40 lines, broken between blocks.
  const pages: PageText[] = [];
  let page: string[] = [];
  for (const line of lines) {
    page.push(line);
    if (line === '' && page.length >= 40) {
      pages.push({ page: pages.length + 1, text: page.join('\n') });
      page = [];
    }
  }
  if (page.length > 0) pages.push({ page: pages.length + 1, text: page.join('\n') });
  return { pages, title, sentences, traps: [...new Set(traps)] };
}

function letters(n: number): string {
  let s = '';
  let k = n;
  do {
    s = String.fromCharCode(97 + (k % 26)) + s;
    k = Math.floor(k / 26);
  } while (k > 0);
  return s;
}
