/** Numerals for list labels: roman numerals and letter counters. Environment-neutral. */

/** 1 → I, 4 → IV, 1999 → MCMXCIX (upper case; 0 and below give ""). */
export function toRoman(n: number): string {
  const table: [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  let rest = n;
  for (const [value, symbol] of table) {
    while (rest >= value) {
      out += symbol;
      rest -= value;
    }
  }
  return out;
}

/** Browsers' alphabetic counter: 1 → A, 26 → Z, 27 → AA, 28 → AB. */
export function alphaLabel(n: number): string {
  let out = '';
  let rest = n;
  while (rest > 0) {
    rest--;
    out = String.fromCharCode(65 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  }
  return out;
}

/** Word's letter counter: 1 → a, 26 → z, 27 → aa, 28 → bb (the letter repeated). */
export function repeatedLetters(n: number): string {
  const letter = String.fromCharCode(97 + ((n - 1) % 26));
  return letter.repeat(Math.floor((n - 1) / 26) + 1);
}
