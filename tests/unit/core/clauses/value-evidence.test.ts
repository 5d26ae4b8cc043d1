import { describe, expect, it } from 'vitest';
import { hasClause } from '../../../../src/core/clauses/profiles';
import { withValueEvidence } from '../../../../src/core/clauses/value-evidence';
import { builtinClassifier } from '../../../../src/playbooks/classifiers';

const FUND_RENEWAL =
  'SECTION 7. TERM OF AGREEMENT Section 7.1 This Agreement shall continue until January 18, 2022, and thereafter shall continue automatically for successive annual periods ending on January 18th of each year, provided such continuance is specifically approved at least annually by (a) the Fund’s Board of Trustees and (b) a vote of a majority (as defined in the 1940 Act) of the Fund’s Trustees who are not interested persons (as defined in the 1940 Act) of the Fund and who have no direct or indirect financial interest in the operation of the Plan, in this Agreement, or any agreement related to the Plan (the “Qualified Trustees”), by vote cast in person at a meeting called for the purpose of voting on such approval. This Agreement is terminable with respect to the Fund, without penalty, (a) on 60 days’ written notice, by vote of a majority of the Qualified Trustees or by vote of a majority (as defined in the 1940 Act) of the outstanding voting securities of the Fund or (b) on 90 days’ written notice by Integrity. This Agreement will also terminate automatically in the event of its assignment (as defined in the 1940 Act).';

describe('a passage of a kind that states its value gives the document the kind', () => {
  it('raises a renewal or governing-law passage that states its value to the contract threshold, nothing else', () => {
    const renewal = [{ type: 'renewal_term', score: 0.9, presence: 0.3 }];
    expect(withValueEvidence(renewal, FUND_RENEWAL)[0]!.presence).toBe(0.5);
    // No renewal length stated: unchanged.
    expect(withValueEvidence(renewal, 'The parties may agree in writing to renew this Agreement.')[0]!.presence).toBe(0.3);
    // Not of the kind at clause level: unchanged, whatever it states.
    expect(withValueEvidence([{ type: 'renewal_term', score: 0.4, presence: 0.1 }], FUND_RENEWAL)[0]!.presence).toBe(0.1);
    // Kinds whose readers find values in other clauses too are left to the model.
    expect(withValueEvidence([{ type: 'expiration_date', score: 0.9, presence: 0.3 }], FUND_RENEWAL)[0]!.presence).toBe(0.3);
    expect(withValueEvidence([{ type: 'governing_law', score: 0.8, presence: 0.2 }], 'This Agreement shall be construed in accordance with the laws of the State of Kansas.')[0]!.presence).toBe(0.5);
  });

  it('the app\'s classifier finds the renewal of a fund agreement the model reads only at clause level', async () => {
    const [labels] = await builtinClassifier().kindScores([{ text: FUND_RENEWAL, sectionTitle: 'TERM OF AGREEMENT', sectionPath: ['SECTION 7 TERM OF AGREEMENT'] }]);
    expect(labels!.find((l) => l.type === 'renewal_term')!.score).toBeGreaterThanOrEqual(0.5);
    expect(hasClause([{ labels: labels! }], 'renewal_term')).toBe(true);
  });
});
