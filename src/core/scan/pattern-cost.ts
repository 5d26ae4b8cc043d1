/**
 * What a playbook pattern may cost on a long document, estimated from its syntax before it runs.
 *
 * RE2 bounds each match by the text's length times the pattern's automaton, but the automaton
 * can be large: `(.*a){900}` keeps up to 900 copies of `.*a` alive at every character, so 1 MB
 * of text costs about 900 million steps for that one pattern, and forty such patterns in a
 * playbook stall a scan for minutes. The estimate here is the number of matching threads the
 * pattern can keep alive at once, the pattern's "width": repetition bounds multiply what they
 * repeat, alternatives add up, a literal word counts once. The worst case on a document is then
 * about width × its length; validation refuses patterns (and playbooks) whose worst case on a
 * 1 MB document is over a budget, with the figures in the message.
 *
 * The patterns reaching this module have already compiled on RE2 (re2js), so the parser only
 * needs RE2's structure (groups, alternation, classes, escapes, repetition), not its errors.
 */

/** Width at most for one pattern (the built-in playbooks' widest is 176; `(.*a){900}` is 1,801). */
export const MAX_PATTERN_COST = 250;
/** Width at most for all the patterns of a playbook together (the built-ins: 655 to 5,396). */
export const MAX_PLAYBOOK_COST = 20_000;
/** Nanoseconds per character per unit of width when re2js falls back to its NFA (60–200 measured here). */
const NS_PER_STEP = 60;
/** The document size the budgets are stated for. */
const BUDGET_DOCUMENT_BYTES = 1024 * 1024;

/** Seconds of matching the width `cost` may take on `bytes` of text, worst case (for messages). */
function worstCaseSeconds(cost: number, bytes = BUDGET_DOCUMENT_BYTES): number {
  return (cost * bytes * NS_PER_STEP) / 1e9;
}

/** "12", "1,801" */
function count(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Why a pattern is too costly to run (for the validation message), or null when it is within budget. */
export function patternCostProblem(source: string): string | null {
  const cost = patternCost(source);
  if (cost <= MAX_PATTERN_COST) return null;
  const shown = source.length > 60 ? `${source.slice(0, 57)}…` : source;
  return `pattern "${shown}" is too slow: it could take about ${count(worstCaseSeconds(cost))} s on a 1 MB document (cost ${count(cost)}, from its repetition bounds × alternatives; at most ${count(MAX_PATTERN_COST)}). Use * or + instead of large {n} bounds, and avoid repeating groups that contain .*`;
}

/** Why a playbook's patterns together are too costly, or null. */
export function playbookCostProblem(total: number): string | null {
  if (total <= MAX_PLAYBOOK_COST) return null;
  return `the playbook's patterns together are too slow: they could take about ${count(worstCaseSeconds(total))} s on a 1 MB document (cost ${count(total)}; at most ${count(MAX_PLAYBOOK_COST)})`;
}

/** The width of an RE2 pattern (see the module comment). Never throws; an odd pattern is costed loosely. */
export function patternCost(source: string): number {
  return new CostParser(source).parse();
}

class CostParser {
  #at = 0;
  constructor(private readonly src: string) {}

  parse(): number {
    const cost = this.#alternation();
    // A stray ')' (cannot happen after RE2 accepted the pattern): cost the rest too.
    return this.#at < this.src.length ? cost + (this.#at++, this.parse()) : cost;
  }

  /** a|b|c: the alternatives' widths add up. */
  #alternation(): number {
    let total = this.#sequence();
    while (this.src[this.#at] === '|') {
      this.#at++;
      total += this.#sequence();
    }
    return total;
  }

  /** Atoms one after another: widths add up, a run of plain characters counts once. */
  #sequence(): number {
    let total = 0;
    let literalRun = false;
    while (this.#at < this.src.length && this.src[this.#at] !== '|' && this.src[this.#at] !== ')') {
      const atom = this.#atom();
      const repeat = this.#repeat();
      if (atom.literal && repeat === 1) {
        if (!literalRun) total += atom.cost;
        literalRun = true;
        continue;
      }
      literalRun = false;
      total += atom.cost * repeat;
    }
    return total;
  }

  /** The multiplier of a repetition after an atom: x* x+ x? → 1, x{n} → n, x{n,} → n + 1, x{n,m} → m. */
  #repeat(): number {
    let factor = 1;
    for (;;) {
      const c = this.src[this.#at];
      if (c === '*' || c === '+' || c === '?') {
        this.#at++;
      } else if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.#at, this.#at + 24));
        if (!m) return factor; // a literal '{' (RE2 reads it as one)
        this.#at += m[0].length;
        const low = Number(m[1]);
        factor *= Math.max(1, m[2] === undefined ? low : m[3] === '' ? low + 1 : Number(m[3]));
      } else return factor;
      if (this.src[this.#at] === '?') this.#at++; // lazy
    }
  }

  #atom(): { cost: number; literal: boolean } {
    const c = this.src[this.#at]!;
    if (c === '(') return { cost: this.#group(), literal: false };
    if (c === '[') {
      this.#class();
      return { cost: 1, literal: false };
    }
    if (c === '\\') return this.#escape();
    this.#at++;
    if (c === '^' || c === '$') return { cost: 0, literal: false };
    if (c === '.') return { cost: 1, literal: false };
    return { cost: 1, literal: true };
  }

  #group(): number {
    this.#at++; // (
    if (this.src[this.#at] === '?') {
      // (?:…) (?i) (?i:…) (?P<name>…) (?<name>…)
      const flags = /^\?(?:P?<[^>]*>|[a-zA-Z-]*:?)/.exec(this.src.slice(this.#at));
      if (flags) this.#at += flags[0].length;
      if (this.src[this.#at - 1] !== ':' && !flags?.[0].includes('<') && this.src[this.#at] === ')') {
        this.#at++; // a flag group such as (?i) matches nothing
        return 0;
      }
    }
    const cost = this.#alternation();
    if (this.src[this.#at] === ')') this.#at++;
    return cost;
  }

  #class(): void {
    this.#at++; // [
    if (this.src[this.#at] === '^') this.#at++;
    if (this.src[this.#at] === ']') this.#at++; // a leading ] is literal
    while (this.#at < this.src.length && this.src[this.#at] !== ']') {
      if (this.src.startsWith('[:', this.#at)) {
        const end = this.src.indexOf(':]', this.#at + 2);
        this.#at = end < 0 ? this.#at + 2 : end + 2;
      } else if (this.src[this.#at] === '\\') this.#escape();
      else this.#at++;
    }
    this.#at++; // ]
  }

  #escape(): { cost: number; literal: boolean } {
    this.#at++; // backslash
    const c = this.src[this.#at++] ?? '';
    if (c === 'Q') {
      const end = this.src.indexOf('\\E', this.#at);
      this.#at = end < 0 ? this.src.length : end + 2;
      return { cost: 1, literal: true };
    }
    if (c === 'b' || c === 'B' || c === 'A' || c === 'z') return { cost: 0, literal: false };
    if ((c === 'p' || c === 'P' || c === 'x') && this.src[this.#at] === '{') {
      const end = this.src.indexOf('}', this.#at);
      this.#at = end < 0 ? this.src.length : end + 1;
    } else if (c === 'p' || c === 'P') this.#at++;
    else if (c === 'x') this.#at += 2;
    const isClass = /[dDsSwWpP]/.test(c);
    return { cost: 1, literal: !isClass };
  }
}
