import { describe, expect, it } from 'vitest';
import { detectLanguage, sampleWindows, stripNoise } from '../../../../src/core/text/language';

const LEGAL: Record<string, readonly string[]> = {
  en: [
    `12.1 Limitation of Liability. Except in the case of fraud, wilful misconduct or a breach of Section 9 (Confidentiality), neither Party shall be liable to the other Party for any indirect, incidental, special or consequential damages, including loss of profits, revenue or goodwill, arising out of or in connection with this Agreement, whether in contract, tort (including negligence) or otherwise, even if such Party has been advised of the possibility of such damages.`,
    `Either Party may terminate this Agreement with immediate effect by written notice to the other Party if the other Party commits a material breach of any term of this Agreement which is irremediable or, if such breach is remediable, fails to remedy that breach within a period of thirty (30) days after being notified in writing to do so.`,
  ],
  fr: [
    `Article 7 – Responsabilité. Sauf en cas de faute lourde ou dolosive, la responsabilité du Prestataire au titre du présent contrat est limitée aux dommages directs et prévisibles subis par le Client, dans la limite du montant total des sommes effectivement versées par le Client au cours des douze (12) mois précédant le fait générateur. En aucun cas le Prestataire ne pourra être tenu responsable des préjudices indirects, tels que la perte de chiffre d'affaires, de clientèle ou d'image.`,
    `Le présent contrat pourra être résilié de plein droit par l'une ou l'autre des parties, en cas de manquement de l'autre partie à l'une quelconque de ses obligations, trente (30) jours après l'envoi d'une mise en demeure adressée par lettre recommandée avec accusé de réception restée sans effet.`,
  ],
  de: [
    `§ 8 Haftung. (1) Der Auftragnehmer haftet unbeschränkt für Vorsatz und grobe Fahrlässigkeit sowie für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit. (2) Bei leicht fahrlässiger Verletzung einer wesentlichen Vertragspflicht ist die Haftung des Auftragnehmers auf den vertragstypischen, vorhersehbaren Schaden begrenzt.`,
    `Der Vertrag kann von jeder Partei mit einer Frist von drei Monaten zum Ende eines Kalenderjahres ordentlich gekündigt werden. Das Recht zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt. Die Kündigung bedarf zu ihrer Wirksamkeit der Schriftform.`,
  ],
  es: [
    `Cláusula Novena. Responsabilidad. Salvo en los supuestos de dolo o culpa grave, la responsabilidad total del Proveedor derivada del presente Contrato no excederá del importe efectivamente abonado por el Cliente durante los doce (12) meses anteriores al hecho causante de la reclamación. En ningún caso el Proveedor responderá de los daños indirectos o el lucro cesante.`,
  ],
  it: [
    `Articolo 10 – Responsabilità. Fatti salvi i casi di dolo o colpa grave, la responsabilità complessiva del Fornitore derivante dal presente Contratto non potrà in alcun caso superare l'importo dei corrispettivi effettivamente pagati dal Cliente nei dodici (12) mesi precedenti l'evento che ha dato origine alla richiesta di risarcimento.`,
  ],
  nl: [
    `Artikel 9 – Aansprakelijkheid. Behoudens in geval van opzet of bewuste roekeloosheid is de aansprakelijkheid van de Leverancier uit hoofde van deze Overeenkomst beperkt tot het bedrag dat de Opdrachtgever in de twaalf (12) maanden voorafgaand aan de schadeveroorzakende gebeurtenis daadwerkelijk heeft betaald.`,
  ],
  pt: [
    `Cláusula Décima – Responsabilidade. Ressalvados os casos de dolo ou culpa grave, a responsabilidade total da Contratada decorrente do presente Contrato fica limitada ao valor efetivamente pago pela Contratante nos doze (12) meses anteriores ao evento que deu origem à reclamação. Em nenhuma hipótese a Contratada será responsável por lucros cessantes.`,
  ],
};

describe('detectLanguage', () => {
  for (const [code, paragraphs] of Object.entries(LEGAL)) {
    it(`reads legal ${code} paragraphs as ${code}`, () => {
      for (const p of paragraphs) {
        const guess = detectLanguage(p);
        expect(guess.code).toBe(code);
        expect(guess.confidence).toBeGreaterThan(0.9);
      }
    });
  }

  it('returns null for too little text, numbers and signs', () => {
    for (const s of ['', 'Page 1', 'GDPR', 'MASTER SERVICES AGREEMENT', '§ 12.3 (a) 1,000,000.00 EUR', '12/03/2024 – 15:30']) {
      expect(detectLanguage(s)).toEqual({ code: null, confidence: 0 });
    }
  });

  it('returns the majority language of a mixed document, with a confidence below 1', () => {
    const en = (LEGAL['en'] ?? []).join('\n\n');
    const fr = (LEGAL['fr'] ?? []).join('\n\n');
    const guess = detectLanguage([en, fr, en, en, fr, en].join('\n\n'));
    expect(guess.code).toBe('en');
    expect(guess.confidence).toBeGreaterThan(0.5);
    expect(guess.confidence).toBeLessThan(0.9);
    expect(detectLanguage([fr, fr, en, fr].join('\n\n')).code).toBe('fr');
  });

  it('samples a long document in at most 20 windows spread over it', () => {
    const de = (LEGAL['de'] ?? []).join(' ');
    const long = Array.from({ length: 300 }, (_, i) => `Seite ${i + 1}\n${de}`).join('\n');
    const windows = sampleWindows(long, 20, 1000);
    expect(windows).toHaveLength(20);
    expect(windows.every((w) => w.length <= 1330)).toBe(true);
    expect(detectLanguage(long)).toMatchObject({ code: 'de' });
    // A short text is read whole.
    expect(sampleWindows('a b c', 20, 1000)).toEqual(['a b c']);
  });

  it('strips what carries no language signal', () => {
    expect(stripNoise('See § 5.2 (a) and (iv) at https://example.com/x or mail legal@example.com; 1,000 EUR.')).toBe('See and at or mail EUR.');
  });

  it('answers null when the text has no clear language', () => {
    expect(detectLanguage('xq zvk prt wlm qqz jjx vvb kkt zzq wwp xxr qpl mnb vcx zlk'.repeat(3)).code).toBeNull();
  });
});
