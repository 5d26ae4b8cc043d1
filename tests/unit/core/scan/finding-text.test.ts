/**
 * Flags read in the reader's language: the lead sentence from the finding, the clause type's name
 * and the rule's title in that language, the rule's texts from the built-in translations, the
 * checks' fixed wordings; English exactly as stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { detailText, findingLead, localizedFlag } from '../../../../src/core/scan/finding-text';
import type { Playbook } from '../../../../src/core/scan/playbook';
import { runScan } from '../../../../src/core/scan/scan';
import type { Flag } from '../../../../src/core/scan/types';
import { BUILTIN_PLAYBOOKS, builtinPlaybook, playbookTexts } from '../../../../src/playbooks/builtin';
import { reviewDocument, sectionChunks, withSection } from '../../../fixtures/review-contract';

const commercial = builtinPlaybook('commercial-contracts')!;
let flags: readonly Flag[];

beforeAll(async () => {
  const document = reviewDocument('doc-fr', 'f'.repeat(64), 'msa.pdf');
  const sections = withSection('3 Term and Termination', 'Either party may terminate this Agreement for convenience upon fifteen (15) days written notice.');
  flags = (await runScan({ document, chunks: sectionChunks(document.id, sections), playbook: commercial })).flags;
});

const byRule = (id: string) => flags.find((f) => f.ruleId === id)!;

describe('localizedFlag', () => {
  it('shows an English flag exactly as stored', () => {
    for (const f of flags) expect(localizedFlag(f, commercial, playbookTexts(commercial, 'en'), 'en')).toBe(f);
  });

  it('reads a missing clause, a failed condition and their rules in French and German', () => {
    const ip = byRule('ip-ownership');
    expect(ip.explanation).toMatch(/^No IP ownership assignment clause was found\. /u);
    const fr = localizedFlag(ip, commercial, playbookTexts(commercial, 'fr'), 'fr');
    expect(fr.ruleTitle).toBe('La titularité de la PI développée est précisée');
    expect(fr.explanation).toMatch(/^Aucune clause «\s[^»]+\s» n’a été trouvée\. À défaut de clause de titularité/u);
    expect(fr.explanation).not.toMatch(/\b(?:the|was|clause was)\b/u);
    const notice = byRule('termination-convenience-notice');
    const de = localizedFlag(notice, commercial, playbookTexts(commercial, 'de'), 'de');
    expect(de.ruleTitle).toBe('Kündigung ohne Grund erfordert eine Frist von mindestens 30 Tagen');
    expect(de.explanation).toMatch(/^Die Klausel „[^“]+“ erfüllt die Regel „Kündigung ohne Grund erfordert eine Frist von mindestens 30 Tagen“ nicht\. /u);
    expect(de.guidance).toBe('Verlangen Sie eine schriftliche Kündigung mit einer Frist von mindestens dreißig Tagen.');
    // The check's finding: the contract's words quoted as written, the units in German.
    expect(notice.details.join('; ')).toContain('15 days does not meet >= 30 days');
    expect(de.details.join('; ')).toContain('“fifteen (15) days”: 15 Tage erfüllt nicht >= 30 Tage');
    // Ids, kind, evidence: the same flag.
    expect({ ...de, ruleTitle: notice.ruleTitle, explanation: notice.explanation, guidance: notice.guidance, details: notice.details }).toEqual(notice);
  });

  it("keeps a scan's flag whose rule the playbook no longer has as stored", () => {
    const ip = byRule('ip-ownership');
    const edited: Playbook = { ...commercial, rules: commercial.rules.filter((r) => r.id !== 'ip-ownership') };
    expect(localizedFlag(ip, edited, playbookTexts(commercial, 'fr'), 'fr')).toBe(ip);
  });

  it("reads a user's playbook without a translation: the lead in the language, the rule's own words", () => {
    const own: Playbook = { ...commercial, id: 'my-firm', name: 'Notre grille', rules: commercial.rules.map((r) => (r.id === 'ip-ownership' ? { ...r, title: 'Titularité de la PI', explanation: 'Indispensable pour nos clients.' } : r)) };
    expect(playbookTexts(own, 'fr')).toBeNull();
    const fr = localizedFlag(byRule('ip-ownership'), own, null, 'fr');
    expect(fr.ruleTitle).toBe('Titularité de la PI');
    expect(fr.explanation).toMatch(/^Aucune clause «\s.+\s» n’a été trouvée\. Indispensable pour nos clients\.$/u);
  });
});

describe('finding texts', () => {
  it('writes every finding in English, French and German', () => {
    for (const kind of ['missing', 'failed', 'present', 'possible', 'unverified'] as const) {
      expect(findingLead(kind, 'exclusivity', 'Exclusivity commitments', 'en')).toMatch(/exclusivity/u);
      expect(findingLead(kind, 'Exclusivité', 'Engagements d’exclusivité', 'fr')).toContain('«\u00a0Exclusivité\u00a0»');
      expect(findingLead(kind, 'Exklusivität', 'Exklusivitätsverpflichtungen', 'de')).toContain('„Exklusivität“');
    }
    expect(findingLead('present', 'exclusivity', 'Exclusivity commitments', 'en')).toBe('The contract contains an exclusivity clause (“Exclusivity commitments”).');
  });

  it("reads the checks' fixed wordings, and keeps what it does not know as written", () => {
    expect(detailText('not checked: no language model is configured', 'fr')).toBe('non vérifié\u00a0: aucun modèle de langue n’est configuré');
    expect(detailText('pattern matched “automatically”', 'de')).toBe('Muster gefunden: “automatically”');
    expect(detailText('no duration found in the clause', 'fr')).toBe('introuvable dans la clause\u00a0: durée');
    expect(detailText('“three (3) months”: 3 months of fees does not meet >= 12 months of fees', 'fr')).toBe('“three (3) months”\u00a0: 3 mois de redevances ne respecte pas >= 12 mois de redevances');
    expect(detailText('something new', 'de')).toBe('something new');
    expect(detailText('pattern not found', 'en')).toBe('pattern not found');
  });
});

describe('built-in translations', () => {
  it('translate every rule of every built-in playbook, at its version, into French and German', () => {
    for (const playbook of BUILTIN_PLAYBOOKS) {
      for (const language of ['fr', 'de'] as const) {
        const texts = playbookTexts(playbook, language);
        expect(texts, `${playbook.id} ${language}`).not.toBeNull();
        expect(texts!.name).toBeTruthy();
        for (const rule of playbook.rules) {
          const own = texts!.rules?.[rule.id];
          expect(own?.title, `${playbook.id} ${rule.id} ${language}`).toBeTruthy();
          expect(Boolean(own?.explanation)).toBe(Boolean(rule.explanation));
          expect(Boolean(own?.guidance)).toBe(Boolean(rule.guidance));
        }
        for (const type of playbook.clauseTypes) expect(texts!.clauseTypes?.[type.id], `${playbook.id} ${type.id} ${language}`).toBeTruthy();
      }
    }
    // A built-in playbook the user edited into a new version has no translation (its rules may say something else).
    expect(playbookTexts({ ...commercial, version: '9.9.9' }, 'fr')).toBeNull();
  });
});
