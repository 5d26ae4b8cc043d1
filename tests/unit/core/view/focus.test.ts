import { describe, expect, it } from 'vitest';
import { focusInPassage } from '../../../../src/core/view/focus';

// A passage as stored: section 5's governing law runs into section 6 on insurance.
const PASSAGE = '5. Governing Law. This Agreement shall be governed by the laws of the State of Texas, without regard to its con-\nflict of laws rules.\n6. Insurance. Provider shall maintain commercial general liability insurance of at least $1,000,000.';

describe('focusInPassage', () => {
  it("finds a flag's marked words in the passage as the viewer reads it back, line breaks and hyphens folded", () => {
    const focus = 'This Agreement shall be governed by the laws of the State of Texas, without regard to its conflict of laws rules.';
    const r = focusInPassage(PASSAGE, focus)!;
    expect(PASSAGE.slice(r.start, r.end)).toBe('This Agreement shall be governed by the laws of the State of Texas, without regard to its con-\nflict of laws rules.');
  });

  it('marks quoted words with parts left out from the first piece to the last, the ellipses not marked', () => {
    const r = focusInPassage(PASSAGE, '… governed by the laws of the State of Texas … conflict of laws rules. …')!;
    expect(PASSAGE.slice(r.start, r.end)).toBe('governed by the laws of the State of Texas, without regard to its con-\nflict of laws rules.');
    // Every piece must be there: one missing marks nothing.
    expect(focusInPassage(PASSAGE, 'governed by the laws of the State of Texas … exclusive jurisdiction of the courts of Dallas')).toBeNull();
  });

  it('marks nothing when the words are not on this page of the passage, or only partly', () => {
    expect(focusInPassage(PASSAGE, 'The Supplier shall deliver the Products within thirty days of each order.')).toBeNull();
    // Half the words on this page (the passage runs over a page break): nothing marked here.
    expect(focusInPassage('6. Insurance. Provider shall maintain', '6. Insurance. Provider shall maintain commercial general liability insurance of at least $1,000,000.')).toBeNull();
    expect(focusInPassage(PASSAGE, '  ')).toBeNull();
    expect(focusInPassage('', 'laws of the State of Texas')).toBeNull();
  });
});
