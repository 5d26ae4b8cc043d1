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
    // With the names the preamble defines for each party (Vendor), none for the other.
    expect(v.value).toEqual({ type: 'parties', names: PARTIES, defined: [['Vendor'], []] });
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
    // The introduced names, not the tighter "Vapotherm and Medica" of the recital, on to the last name defined.
    const v = extractParties(preamble, vapo)!;
    expect(preamble.slice(v.span.start, v.span.end)).toMatch(/^VAPOTHERM, INC\., a Maryland .* and MEDICA S\.p\.A\., an Italian company \(“Medica”\)$/u);
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

  it('gives each party the names defined right after it, in parentheses or an aside, not the collective "Party"', () => {
    const sponsorship = 'THIS AGREEMENT made this 5th day of December, 2007, between R. C. Boyd Enterprises, LLC, a Texas limited liability company, whose principal place of business is located at 2003 Navasota Cove, Westlake, Texas, referred to in this Agreement as "Company" or "Boyd", and Cano Petroleum, Inc., a Delaware corporation, referred to in this agreement as "Sponsor" or "Cano".';
    const boyd = extractParties(sponsorship, ['R. C. Boyd Enterprises', 'Cano Petroleum'])!;
    expect(boyd.value).toEqual({ type: 'parties', names: ['R. C. Boyd Enterprises', 'Cano Petroleum'], defined: [['Company', 'Boyd'], ['Sponsor', 'Cano']] });
    // The span (what a quote cut to it keeps) runs on to the last name defined.
    expect(sponsorship.slice(boyd.span.start, boyd.span.end)).toMatch(/^R\. C\. Boyd Enterprises, LLC, .* as "Sponsor" or "Cano"$/u);
    const hereafter = 'BETWEEN: AZUL LINHAS AÉREAS BRASILEIRAS S/A, a company incorporated under the laws of Brazil, the registered office of which is located at Avenida Marcos Penteado de Ulhôa Rodrigues, 939 - Edif. Castello Branco Office Park - Barueri - São Paulo - Brazil, identified under Cadastro Nacional de pessoa Juridica (CNPJ) number 09.296.295/0001-60. Hereafter referred to as the "Company" or "AZUL", on the one part, AND: AVIONS DE TRANSPORT REGIONAL, G.I.E., a French groupement d\'intérêt économique, Hereafter referred to as the "Repairer"or "ATR", on the other part. Hereinafter individually referred to as the "Party" or collectively as the "Parties".';
    const v = extractParties(hereafter, ['AZUL LINHAS AÉREAS BRASILEIRAS S/A', 'AVIONS DE TRANSPORT REGIONAL'])!;
    expect(v.value.type === 'parties' && v.value.defined).toEqual([['Company', 'AZUL'], ['Repairer', 'ATR']]);
    const plain = 'This Agreement is made between Fabrikam Ltd, an English company (each a “Party”), and Contoso Inc., a Delaware corporation.';
    expect(extractParties(plain, ['Fabrikam', 'Contoso'])?.value).toEqual({ type: 'parties', names: ['Fabrikam', 'Contoso'] });
    // A recital's definitions are not the last party's.
    const recital = 'This Agreement is made between Fabrikam Ltd, an English company ("Fabrikam"), and Contoso Inc., a Delaware corporation. WHEREAS, Contoso makes industrial widgets (the "Products");';
    expect(extractParties(recital, ['Fabrikam', 'Contoso'])?.value).toEqual({ type: 'parties', names: ['Fabrikam', 'Contoso'], defined: [['Fabrikam'], []] });
    // The words the preamble reader takes as introducing a name (text/defined-names.ts), here too.
    const called = 'This Agreement is made between Fabrikam Ltd, an English company, called herein as "Supplier", and Contoso Inc., a Delaware corporation, referred to hereunder as "Buyer".';
    expect(extractParties(called, ['Fabrikam', 'Contoso'])?.value).toEqual({ type: 'parties', names: ['Fabrikam', 'Contoso'], defined: [['Supplier'], ['Buyer']] });
  });
});
