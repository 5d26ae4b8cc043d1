import { describe, expect, it } from 'vitest';
import { passageHeadings, sectionPathAt } from '../../../../src/core/ingest/section-at';

/** The label of `quote`'s first occurrence in `text`. */
const labelOf = (text: string, path: readonly string[], quote: string): string => {
  const at = text.indexOf(quote);
  if (at < 0) throw new Error(`not in the passage: ${quote}`);
  return sectionPathAt(text, path, at).join(' › ');
};

// Invented clauses in the shape of commercial contracts (whitespace-collapsed, as passages are).
const TERMINATION =
  '8.2 Termination for Cause. Either party may terminate this Agreement by written notice if the other party commits a material breach and fails to remedy it within thirty (30) days of notice. ' +
  '8.3 Termination for Convenience. The Customer may terminate this Agreement at any time on ninety (90) days written notice to the Supplier. ' +
  '8.4 Effect of Termination. On termination the Customer shall pay all fees due up to the date of termination.';

describe('sectionPathAt', () => {
  it('labels a quote from the second of two packed sub-clauses with its own number, under the same parent', () => {
    const path = ['8 Termination', '8.2 Termination for Cause'];
    expect(labelOf(TERMINATION, path, 'The Customer may terminate this Agreement at any time')).toBe('8 Termination › 8.3 Termination for Convenience');
    expect(labelOf(TERMINATION, path, 'On termination the Customer shall pay')).toBe('8 Termination › 8.4 Effect of Termination');
    // A quote starting at the heading itself sits in that clause.
    expect(labelOf(TERMINATION, path, '8.3 Termination for Convenience.')).toBe('8 Termination › 8.3 Termination for Convenience');
  });

  it('keeps the passage path for a quote from the clause the passage starts in, without re-reading the heading it opens with', () => {
    const path = ['8 Termination', '8.2 Termination for Cause'];
    const same = sectionPathAt(TERMINATION, path, TERMINATION.indexOf('Either party may terminate'));
    expect(same).toBe(path);
  });

  it('hangs a lettered sub-clause under its parent number', () => {
    const text =
      '12.1 Supplier Obligations. The Supplier shall: (a) deliver the Products in accordance with the agreed delivery schedule; (b) maintain product liability insurance with a reputable insurer for the Term; and (c) comply with all applicable laws. ' +
      '12.2 Customer Obligations. The Customer shall provide the Supplier with access to its premises.';
    const path = ['12 Obligations of the Parties', '12.1 Supplier Obligations'];
    expect(labelOf(text, path, 'maintain product liability insurance')).toBe('12 Obligations of the Parties › 12.1 Supplier Obligations › (b)');
    expect(labelOf(text, path, 'deliver the Products')).toBe('12 Obligations of the Parties › 12.1 Supplier Obligations › (a)');
    // The next numbered clause closes the lettered list.
    expect(labelOf(text, path, 'The Customer shall provide')).toBe('12 Obligations of the Parties › 12.2 Customer Obligations');
    // A passage that starts inside (a): (b) takes (a)'s place.
    const inA = 'the agreed delivery schedule; (b) maintain product liability insurance with a reputable insurer for the Term.';
    expect(labelOf(inA, ['12 Obligations of the Parties', '12.1 Supplier Obligations', '(a)'], 'maintain product')).toBe('12 Obligations of the Parties › 12.1 Supplier Obligations › (b)');
  });

  it('reads "Section 5." headings', () => {
    const text = 'Section 4. Fees. The Customer shall pay the fees set out in Schedule 1. Section 5. Term. This Agreement commences on the Effective Date and continues for two (2) years.';
    expect(labelOf(text, ['Section 4 Fees'], 'This Agreement commences')).toBe('Section 5 Term');
  });

  it('continues the numbering where a heading and its first clause run together', () => {
    const text =
      'The Supplier gives no other warranty. ARTICLE 9 INDEMNIFICATION 9.1 Indemnity by Supplier. The Supplier shall indemnify the Customer against third-party claims. 9.2 Procedure. The indemnified party shall notify the indemnifying party promptly of any claim.';
    expect(labelOf(text, ['ARTICLE 8 WARRANTIES', '8.4 Disclaimer'], 'The indemnified party shall notify')).toBe('ARTICLE 9 INDEMNIFICATION › 9.2 Procedure');
    expect(passageHeadings(text).map((h) => h.heading.label)).toEqual(['ARTICLE 9', '9.1', '9.2']);
  });

  it('titles a clause number with the capitals that run up to its first clause', () => {
    const text =
      '6.3 The rights and responsibilities under this section shall survive any termination of this Agreement for 2 years. 7 TERM OF THE AGREEMENT AND TERMINATION 7.1 Unless otherwise stated in the Appendix the term of this Agreement shall continue for twenty-four (24) months.';
    const path = ['6 CONFIDENTIALITY', '6.3'];
    expect(labelOf(text, path, '7 TERM')).toBe('7 TERM OF THE AGREEMENT AND TERMINATION');
    expect(labelOf(text, path, 'Unless otherwise')).toBe('7 TERM OF THE AGREEMENT AND TERMINATION › 7.1');
    // Words in lower case after the number are the clause itself, not its title.
    const running = 'The Supplier gives no other warranty. 7 The term of this Agreement is two years 7.1 Either party may renew it.';
    expect(passageHeadings(running, [6, 3], 6).find((h) => h.heading.label === '7')?.heading.title ?? null).toBeNull();
  });

  it('reads redacted clauses and an article numbered "27.0" that a passage packs after a short section', () => {
    // A distributor agreement's text as filed: section 26's clauses are redacted, article 27 follows in the same passage.
    const text =
      '26.0 REQUIREMENTS FOR RESELLERS 26.1 [*****] 26.2 [*****] 27.0 GENERAL PROVISIONS. 27.1 Choice of Law. The validity, interpretation, and performance of this Agreement shall be controlled by and construed under the laws of the State of New York.';
    const path = ['26.0 REQUIREMENTS FOR RESELLERS'];
    expect(passageHeadings(text).map((h) => h.heading.label)).toEqual(['26.0', '26.1', '26.2', '27.0', '27.1']);
    expect(labelOf(text, path, 'The validity')).toBe('27.1 Choice of Law');
    expect(labelOf(text, path, '27.1 Choice of Law')).toBe('27.1 Choice of Law');
    // Any of the filed copies' redaction marks is the body of a redacted clause ("[*]", "[...***...]", "*****", "[REDACTED]").
    for (const mark of ['[*]', '[...***...]', '*****', '[REDACTED]']) {
      const marked = text.replaceAll('[*****]', mark);
      expect(labelOf(marked, path, 'The validity')).toBe('27.1 Choice of Law');
    }
    // "27.0" opens the next section only: it continues nothing after section 25.
    expect(passageHeadings('The Distributor shall keep records. 1 27.0 percent of the fees are due.', [25, 3], 25)).toEqual([]);
  });

  it('falls back to the passage path when no heading stands before the quote', () => {
    const text = 'The Customer shall pay each invoice within 30 days of receipt. Late payments bear interest at 1.5% per month. 6.3 Taxes. All fees exclude VAT.';
    const path = ['6 Payment', '6.2 Invoicing'];
    expect(sectionPathAt(text, path, text.indexOf('Late payments'))).toBe(path);
    expect(sectionPathAt(text, [], text.indexOf('Late payments'))).toEqual([]);
    expect(labelOf(text, path, 'All fees exclude VAT')).toBe('6 Payment › 6.3 Taxes');
  });

  it('does not take a period, an amount or a date for a clause number', () => {
    const text =
      'Either party may terminate on notice. 30 days after such notice the licence ends. 90 Days after the Effective Date the Supplier shall deliver the first report. $1.5 Million is payable on signature. 15 January 2024 is the Effective Date.';
    expect(passageHeadings(text, [7, 2], 7)).toEqual([]);
    expect(sectionPathAt(text, ['7 Term', '7.2 Renewal'], text.indexOf('is the Effective Date'))).toEqual(['7 Term', '7.2 Renewal']);
  });

  it('takes neither a cross-reference nor an inline enumeration for a heading', () => {
    const text = 'The obligations in Section 8.3 survive termination, and the Customer may (a) withhold payment or (b) suspend performance. Section 8.3 shall not apply to the Licensor.';
    expect(passageHeadings(text, [8, 2], 8)).toEqual([]);
    // After "; and" a list goes on: a sub-clause may start there, a numbered clause does not.
    const list = 'The Supplier shall deliver the Software; and (b) install it on the Customer systems. The provisions of Sections 7; and Section 8 (Insurance) survive.';
    expect(passageHeadings(list, [4, 1], 4).map((h) => h.heading.label)).toEqual(['(b)']);
  });
});
