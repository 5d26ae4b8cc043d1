import { describe, expect, it } from 'vitest';
import { extractValue } from '../../../../src/core/values/extract';
import { extractParties } from '../../../../src/core/values/parties';

const PREAMBLE =
  'This Network Build and Maintenance Agreement is entered into as of the 31 day of July, 2019 (the “Effective Date”) by and between Commnet Wireless, LLC, a Delaware limited liability company (hereinafter referred to as “Vendor”), and AT&T Mobility LLC, a Delaware limited liability company on behalf of itself and its Affiliates.';
const COVER = 'Execution Version Network Build and Maintenance Agreement Between Commnet Wireless, LLC And AT&T Mobility LLC Mobility Network General Agreement TABLE OF CONTENTS Page 1.1 Scope 1';
const PARTIES = ['Commnet Wireless', 'AT&T Mobility'];

describe('extractParties', () => {
  it('reads the parties where a preamble introduces them all, the span from the first name to the last', () => {
    const v = extractParties(PREAMBLE, PARTIES)!;
    expect(v.value).toEqual({ type: 'parties', names: PARTIES });
    expect(v.display).toBe('Commnet Wireless; AT&T Mobility');
    expect(PREAMBLE.slice(v.span.start, v.span.end)).toMatch(/^Commnet Wireless, LLC, .* and AT&T Mobility$/u);
    expect(v.confidence ?? 1).toBe(1);
    // The same through extractValue, with the document's parties as the context.
    expect(extractValue('parties', PREAMBLE, { parties: PARTIES })?.display).toBe('Commnet Wireless; AT&T Mobility');
  });

  it('takes a cover page naming the parties without introducing them as less plainly stated', () => {
    expect(extractParties(COVER, PARTIES)?.confidence).toBeLessThan(1);
  });

  it('tells a preamble from a cover page from a clause that only mentions both parties, and quotes the plainest', () => {
    const vapo = ['Vapotherm', 'Medica'];
    const price = 'No later than 30 days prior to the end of the Initial Term, Medica shall provide Vapotherm with reasonable documentation of its actual and direct costs in manufacturing the Cartridges (the “Costs”).';
    const reps = '11.1 Representations of Medica. Medica represents to Vapotherm as follows: (a) Medica is a corporation validly existing under the laws of its jurisdiction.';
    const cover = 'MANUFACTURING AND SUPPLY AGREEMENT DATED AS OF January 1, 2013 BETWEEN VAPOTHERM, INC. AND MEDICA, S.p.A. TABLE OF CONTENTS';
    const preamble = 'This Manufacturing and Supply Agreement is dated January 1st, 2013, between VAPOTHERM, INC., a Maryland corporation (“Vapotherm”) and MEDICA S.p.A., an Italian company (“Medica”). WHEREAS, Vapotherm and Medica wish for Medica to manufacture the Cartridge.';
    const confidence = (text: string) => extractParties(text, vapo)?.confidence ?? 1;
    expect(confidence(price)).toBeLessThan(confidence(cover));
    expect(confidence(reps)).toBeLessThan(confidence(cover));
    expect(confidence(cover)).toBeLessThan(1);
    expect(confidence(preamble)).toBe(1);
    // The introduced names, not the tighter "Vapotherm and Medica" of the recital.
    const v = extractParties(preamble, vapo)!;
    expect(preamble.slice(v.span.start, v.span.end)).toMatch(/^VAPOTHERM, INC\., a Maryland .* and MEDICA$/u);
  });

  it('reads French and German preambles, names in any case and spacing', () => {
    const fr = 'Le présent contrat est conclu entre HALVARD MEDIA GmbH, une société de droit allemand, ci-après « le Concédant », et Brightline  Data Inc.';
    expect(extractParties(fr, ['Halvard Media', 'Brightline Data'])?.confidence ?? 1).toBe(1);
    const de = 'Dieser Vertrag wird zwischen der Halvard Media GmbH (nachfolgend „Lizenzgeber“) und der Brightline Data Inc. geschlossen.';
    expect(extractParties(de, ['Halvard Media', 'Brightline Data'])?.confidence ?? 1).toBe(1);
  });

  it('states nothing when a party is not named, names are far apart, or fewer than two parties are known', () => {
    expect(extractParties(PREAMBLE, ['Commnet Wireless', 'Verizon'])).toBeNull();
    expect(extractParties(`Commnet Wireless shall deliver the sites. ${'The work is described in the schedules. '.repeat(20)}AT&T Mobility shall pay.`, PARTIES)).toBeNull();
    expect(extractParties(PREAMBLE, ['Commnet Wireless'])).toBeNull();
    expect(extractValue('parties', PREAMBLE)).toBeNull();
    // A name inside a longer word is no mention of it.
    expect(extractParties('between Acmetronics Ltd and Beta Corp', ['Acme', 'Beta'])).toBeNull();
  });
});
