/**
 * A document's identity as its own text states it: what it is called, who the parties are and
 * the names the contract gives them, the brands it is about, its kind and its date. These are
 * the handles people use to name a contract ("the Dialog distribution agreement", "our deal with
 * Energous", "the Pizza Fusion franchise"), so scope resolution, the document rows and the scope
 * chips all read them from here.
 */

export interface Party {
  /** The name as the contract writes it ("Dialog Semiconductor (UK) Ltd."). */
  readonly name: string;
  /** Names the contract defines for it that are names, not roles ("DIALOG", "MD Anderson"). */
  readonly shortNames: readonly string[];
  /** The role the contract gives it ("Distributor", "Licensee"), when it defines one. */
  readonly role: string | null;
}

export interface DatedText {
  /** As written ("the 23rd day of September, 2016"). */
  readonly text: string;
  /**
   * ISO 8601: YYYY-MM-DD for a full date; reduced to YYYY-MM or YYYY when a form leaves the day or
   * the month blank ("February ____, 2017" → 2017-02, "____ day of ______, 2000" → 2000); null when
   * no year is written.
   */
  readonly iso: string | null;
}

export interface DocumentIdentity {
  readonly title: string | null;
  /** In the order the contract names them (at most MAX_PARTIES). */
  readonly parties: readonly Party[];
  /** Brand and trade names the contract uses for a party's business ("SHI FARMS" of "EWSD 1, LLC d/b/a SHI FARMS"). */
  readonly brands: readonly string[];
  /** The kind of document in its own words, lower case ("strategic alliance agreement"); null when the title names none. */
  readonly kind: string | null;
  /** When the contract takes effect, as it says; null when it does not say in its opening. */
  readonly effectiveDate: DatedText | null;
}

export const MAX_PARTIES = 8;
