/**
 * How contracts define the names their parties go by, shared by the preamble reader (ingest's
 * identity) and the parties value (values/parties.ts): the words introducing a defined name, the
 * quoted names themselves, and the role nouns ("Licensor", « Concédant », „Lizenzgeber“).
 */

/** Words introducing the name a party goes by: "hereinafter", "referred to in this Agreement as", "called herein", "ci-après", "nachfolgend" (a regex source, no flags). */
export const NAME_INTRODUCER = String.raw`(?:hereinafter|hereafter|ci-après|nachfolgend|(?:referred\s+to|called)\s+(?:herein|hereafter|hereunder|in\s+this\s+(?:agreement|contract))\s+as)`;

/** One quoted name, its text captured: “Company”, « le Client », „Auftragnehmer“ (a regex source). */
const QUOTED_NAME = String.raw`["“„«‘]\s*([^"“”„«»‘’]{1,60}?)\s*["”“»’]`;

/** A quoted name and the ones joined to it: “Company” or “Boyd” (a regex source, no captures). */
export const QUOTED_NAMES = String.raw`["“„«‘]\s*[^"“”„«»‘’]{1,60}?\s*["”“»’](?:\s*(?:,|or|and|ou|et|oder|und)\s+["“„«‘]\s*[^"“”„«»‘’]{1,60}?\s*["”“»’])*`;

/** The names quoted in a definition, in order, trimmed: `(“Sponsor” or “Cano”)` → ["Sponsor", "Cano"]. */
export function quotedNames(text: string): string[] {
  return [...text.matchAll(new RegExp(QUOTED_NAME, 'gu'))].map((q) => q[1]!.trim());
}

/**
 * The roles a contract gives its parties, as single English nouns (plural: add "s"). The preamble
 * reader takes a definition made only of them as a role, not a short name ("Company", "Sponsor");
 * the question reader asks the parties when a question asks who holds one ("who is the licensee?").
 */
export const ROLE_NOUNS_EN = [
  'licensor', 'licensee', 'sublicensee', 'sponsor', 'supplier', 'customer', 'client', 'distributor', 'reseller', 'agent',
  'franchisor', 'franchisee', 'consultant', 'contractor', 'subcontractor', 'vendor', 'buyer', 'seller', 'purchaser',
  'manufacturer', 'provider', 'recipient', 'discloser', 'landlord', 'tenant', 'lessor', 'lessee', 'employer', 'lender',
  'borrower', 'guarantor', 'developer', 'publisher', 'endorser', 'transporter', 'shipper', 'repairer', 'operator',
  'marketer', 'promoter',
] as const;
/** French role nouns (« qui est le licencié ? »). */
export const ROLE_NOUNS_FR = ['concédant', 'licencié', 'fournisseur', 'client', 'distributeur', 'agent', 'franchiseur', 'franchisé', 'prestataire', 'consultant', 'sous-traitant', 'vendeur', 'acheteur', 'fabricant', 'bailleur', 'preneur', 'sponsor'] as const;
/** German role nouns („Wer ist der Lizenznehmer?“). */
export const ROLE_NOUNS_DE = ['lizenzgeber', 'lizenznehmer', 'lieferant', 'kunde', 'auftraggeber', 'auftragnehmer', 'händler', 'vertriebspartner', 'handelsvertreter', 'franchisegeber', 'franchisenehmer', 'berater', 'verkäufer', 'käufer', 'hersteller', 'vermieter', 'mieter', 'sponsor'] as const;
