import { describe, expect, it } from 'vitest';
import { findAmounts, findDates, findDurations, findFeeMonths, findPercentages, nearest, parseNumber } from '../../../../src/core/scan/values';

const values = <T>(found: { value: T }[]) => found.map((f) => f.value);

describe('numbers in words and digits', () => {
  it('parses words, hyphenated words, scales and digits', () => {
    expect(parseNumber('thirty')).toBe(30);
    expect(parseNumber('forty-five')).toBe(45);
    expect(parseNumber('one hundred and twenty')).toBe(120);
    expect(parseNumber('two million')).toBe(2_000_000);
    expect(parseNumber('1,000.50')).toBe(1000.5);
    expect(parseNumber('several')).toBeNull();
  });
});

describe('durations', () => {
  it('reads "thirty (30) days", words, digits and hyphenated units', () => {
    expect(values(findDurations('upon thirty (30) days prior written notice'))).toEqual([{ amount: 30, unit: 'days', days: 30 }]);
    expect(findDurations('within ninety days')[0]!.value.amount).toBe(90);
    expect(findDurations('a 12-month period')[0]!.value).toMatchObject({ amount: 12, unit: 'months' });
    expect(findDurations('for one (1) year')[0]!.value.days).toBeCloseTo(365.25);
    expect(findDurations('within 72 hours of becoming aware')[0]!.value).toMatchObject({ amount: 72, unit: 'hours', days: 3 });
    expect(findDurations('sixty (60) business days')[0]!.value.amount).toBe(60);
    expect(findDurations('twenty-one days')[0]!.value.amount).toBe(21);
    // The digits first and the words in brackets: "10 (ten) years".
    expect(values(findDurations('shall continue in force for a period of 10 (ten) years'))).toEqual([{ amount: 10, unit: 'years', days: 3652.5 }]);
    expect(findDurations('within 45 (forty-five) days')[0]!.value.amount).toBe(45);
  });

  it('prefers the digits when words and digits disagree', () => {
    expect(findDurations('thirty (45) days')[0]!.value.amount).toBe(45);
  });

  it('finds the duration nearest a phrase', () => {
    const text = 'The term is five (5) years; either party may terminate on ten (10) days notice.';
    expect(nearest(findDurations(text), text, 'notice')!.value.amount).toBe(10);
    expect(nearest(findDurations(text), text)!.value.amount).toBe(5);
  });
});

describe('amounts, percentages and dates', () => {
  it('reads money with symbols, codes, scales and words', () => {
    expect(values(findAmounts('not less than $2,000,000 per occurrence'))).toEqual([{ amount: 2_000_000, currency: 'USD' }]);
    expect(findAmounts('USD 2 million')[0]!.value).toEqual({ amount: 2_000_000, currency: 'USD' });
    expect(findAmounts('€500,000')[0]!.value).toEqual({ amount: 500_000, currency: 'EUR' });
    expect(values(findAmounts('One Million Dollars ($1,000,000)'))).toEqual([{ amount: 1_000_000, currency: 'USD' }]);
  });

  it('reads sums as French and German write them: thousands by dot or space, a decimal comma, the currency after', () => {
    // "EUR 100.000" was 100, "50 000 euros" was 0 euros.
    expect(values(findAmounts('Die Haftung ist auf 100.000 EUR begrenzt.'))).toEqual([{ amount: 100_000, currency: 'EUR' }]);
    expect(values(findAmounts('auf EUR 100.000,00 begrenzt'))).toEqual([{ amount: 100_000, currency: 'EUR' }]);
    expect(values(findAmounts('limitée à 50 000 euros'))).toEqual([{ amount: 50_000, currency: 'EUR' }]);
    expect(values(findAmounts('une assurance de 2\u202f000\u202f000 € par sinistre'))).toEqual([{ amount: 2_000_000, currency: 'EUR' }]);
    expect(values(findAmounts('bis zu 1,5 Mio. EUR'))).toEqual([{ amount: 1_500_000, currency: 'EUR' }]);
    expect(values(findAmounts('jusqu’à 2 millions d’euros'))).toEqual([{ amount: 2_000_000, currency: 'EUR' }]);
    // English as before.
    expect(values(findAmounts('$100.00 per hour and €1,000.50 once'))).toEqual([{ amount: 100, currency: 'USD' }, { amount: 1000.5, currency: 'EUR' }]);
    expect(values(findAmounts('US$ 1.5 million'))).toEqual([{ amount: 1_500_000, currency: 'USD' }]);
    expect(values(findAmounts('$2.125 million'))).toEqual([{ amount: 2_125_000, currency: 'USD' }]);
  });

  it('reads percentages in words and digits', () => {
    expect(values(findPercentages('five percent (5%) of Net Sales'))).toEqual([5]);
    expect(values(findPercentages('2.5% per annum'))).toEqual([2.5]);
    expect(values(findPercentages('ten per cent'))).toEqual([10]);
  });

  it('reads dates as ISO strings', () => {
    expect(values(findDates('effective as of January 1, 2020'))).toEqual(['2020-01-01']);
    expect(values(findDates('commencing the 1st day of September 2004'))).toEqual(['2004-09-01']);
    expect(values(findDates('ending on 2025-01-31 or 12/31/2026'))).toEqual(['2025-01-31', '2026-12-31']);
    // One reader with the identity's: ordinals as PDF text splits them, a space before the comma, fr/de months, no date inside a number.
    expect(values(findDates('shall continue until the 30t h day of June, 2029 and'))).toEqual(['2029-06-30']);
    expect(values(findDates('entered into on April 15 , 2010 ("Effective Date")'))).toEqual(['2010-04-15']);
    // No space after the comma, as PDF text often has it.
    expect(values(findDates('THIS AGREEMENT is dated May 3,2006.'))).toEqual(['2006-05-03']);
    expect(values(findDates('prend fin le 31 décembre 2025 ; endet am 1. Januar 2026'))).toEqual(['2025-12-31', '2026-01-01']);
    expect(values(findDates('invoice 112/31/20260 and February 30, 2020'))).toEqual([]);
    // A day "of" its month without "day", an era before the year, and dots as French and German type a date (day first).
    expect(values(findDates('This Distribution Agreement is made on the 1st of July, 2016 between'))).toEqual(['2016-07-01']);
    expect(values(findDates('THIS AGREEMENT made the 4th day of June A.D. 1998 between'))).toEqual(['1998-06-04']);
    expect(values(findDates('AGREEMENT dated 15.03.2018 between Acme GmbH and Beta AG; Ziffer 3.1.2 and version 31.02.2018'))).toEqual(['2018-03-15']);
  });
});

describe('liability caps in months of fees', () => {
  it('reads periods, multiples and annual fees', () => {
    expect(values(findFeeMonths('shall not exceed the fees paid in the twelve (12) months preceding the claim'))).toEqual([12]);
    expect(values(findFeeMonths('limited to one (1) month\'s fees'))).toEqual([1]);
    expect(values(findFeeMonths('two times the annual fees'))).toEqual([24]);
    expect(values(findFeeMonths('the amounts paid during the prior year'))).toEqual([12]);
    expect(findFeeMonths('limited to $50,000')).toEqual([]);
  });
});
