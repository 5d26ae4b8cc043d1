import { describe, expect, it } from 'vitest';
import { expandShorthand } from '../../../../src/core/text/shorthand';

describe('expandShorthand', () => {
  it('writes out the shorthand of a search box about contracts', () => {
    expect(expandShorthand('SandRidge / Piñon O&M agmt - CoC')).toBe('SandRidge / Piñon operations and maintenance agreement - change of control');
    expect(expandShorthand('can gridiron walk away from the supply agmt w/o cause? any T4C?')).toBe('can gridiron walk away from the supply agreement without cause? any termination for convenience?');
    expect(expandShorthand('GL for the hotel architect contract?')).toBe('governing law for the hotel architect contract?');
    expect(expandShorthand('any carve outs from the LoL?')).toBe('any carve outs from the limitation of liability?');
    expect(expandShorthand('is there a min volume commitment, and the max. term?')).toBe('is there a minimum volume commitment, and the maximum term?');
    expect(expandShorthand('who owns the IP? any MFN or ROFR? insurance reqs for 5 yrs')).toBe('who owns the intellectual property? any most favoured nation or right of first refusal? insurance requirements for 5 years');
  });

  it('leaves words that only look like shorthand', () => {
    for (const q of ['Is the notice period 30 min or an hour?', 'Does Glamis owe a gl account?', 'what does the Agmtco supply deal say', 'IPSEN licence: royalties?', 'AT&T and O&Mx: governing law?', 'minimum term', 'lol']) {
      expect(expandShorthand(q), q).toBe(q);
    }
  });
});
