/**
 * Writes the sample documents newcomers can load without bringing their own files:
 *
 *   npx tsx src/cli/make-samples.ts [outDir]        (default: public/samples)
 *
 * - master-services-agreement.pdf: a 7-page agreement made with pdf-lib (standard fonts, a real
 *   text layer, running header, "Page N of M" footer, ARTICLE / numbered sections 1–14 with
 *   sub-clauses, a signature page and an Exhibit A fee schedule). Section 5 runs across a page break.
 * - mutual-nda.txt: a plain-text mutual NDA.
 * - data-retention-policy.md: a short Markdown policy.
 * - index.json: {file, title, mediaType, description} for each.
 *
 * All texts are original, written for this project. The output is byte-for-byte deterministic
 * (fixed PDF dates and ids), so the files can be committed and regenerated without diffs.
 *
 * Length: about 600 lines, most of it the sample documents' own text (data, not logic).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const FIXED_DATE = new Date('2024-03-01T09:00:00Z');

// ---- the texts (original, fictional parties) ------------------------------------------------------

type MsaBlock =
  | { readonly type: 'title' | 'center' | 'article' | 'para'; readonly text: string }
  | { readonly type: 'section'; readonly number: string; readonly title: string; readonly text?: string }
  | { readonly type: 'clause'; readonly number: string; readonly text: string }
  | { readonly type: 'pagebreak' }
  | { readonly type: 'table'; readonly rows: readonly (readonly string[])[]; readonly columns: readonly number[] }
  | { readonly type: 'signature'; readonly rows: readonly (readonly string[])[] };

const MSA: { readonly title: string; readonly header: string; readonly blocks: readonly MsaBlock[] } = {
  title: 'Master Services Agreement',
  header: 'Master Services Agreement — Brightline Data Services, Inc. and Meridian Freight Co. — Sample document',
  blocks: [
    { type: 'title', text: 'MASTER SERVICES AGREEMENT' },
    { type: 'center', text: 'Sample document for Casefile. The parties and terms are fictional.' },
    {
      type: 'para',
      text: 'This Master Services Agreement (the "Agreement") is entered into as of March 1, 2024 (the "Effective Date") by and between Brightline Data Services, Inc., a Delaware corporation with offices at 400 Canal Street, Suite 12, New York, New York 10013 ("Provider"), and Meridian Freight Co., a New York corporation with offices at 88 Harbor View Road, Albany, New York 12207 ("Customer"). Provider and Customer are each a "Party" and together the "Parties".',
    },
    {
      type: 'para',
      text: 'Customer wishes to engage Provider to operate and support a shipment analytics platform and related data services, and Provider is willing to provide those services on the terms below. The Parties therefore agree as follows.',
    },

    { type: 'article', text: 'ARTICLE I — DEFINITIONS AND SERVICES' },
    { type: 'section', number: '1', title: 'DEFINITIONS' },
    { type: 'clause', number: '1.1', text: '"Affiliate" means any entity that directly or indirectly controls, is controlled by, or is under common control with a Party, where "control" means ownership of more than fifty percent (50%) of the voting interests of the entity.' },
    { type: 'clause', number: '1.2', text: '"Customer Data" means all data, records and content that Customer or its users submit to the Services, and all outputs derived from that data that identify Customer, its shipments or its customers.' },
    { type: 'clause', number: '1.3', text: '"Deliverables" means the reports, dashboards, configurations and other work product that Provider prepares specifically for Customer under a Statement of Work.' },
    { type: 'clause', number: '1.4', text: '"Services" means the hosted platform, data processing, support and professional services described in this Agreement and in each Statement of Work.' },
    { type: 'clause', number: '1.5', text: '"Statement of Work" or "SOW" means a document that references this Agreement, is signed by both Parties, and describes specific Services, Deliverables, milestones and fees.' },
    { type: 'section', number: '2', title: 'SERVICES' },
    { type: 'clause', number: '2.1', text: 'Provision of Services. Provider shall provide the Services described in each Statement of Work in accordance with this Agreement. If a Statement of Work conflicts with this Agreement, this Agreement controls unless the Statement of Work expressly states that a specific section of this Agreement is modified.' },
    { type: 'clause', number: '2.2', text: 'Change Orders. Either Party may request a change to the scope of a Statement of Work. No change is binding until both Parties sign a written change order describing the change and any adjustment to fees or schedule.' },
    { type: 'clause', number: '2.3', text: 'Personnel. Provider shall assign qualified personnel to perform the Services and shall remain responsible for their acts and omissions. Customer may request the replacement of any individual for a reasonable, lawful reason, and Provider shall not unreasonably refuse.' },

    { type: 'article', text: 'ARTICLE II — COMMERCIAL TERMS' },
    { type: 'section', number: '3', title: 'FEES AND PAYMENT' },
    { type: 'clause', number: '3.1', text: 'Fees. Customer shall pay the fees set out in Exhibit A and in each Statement of Work. Fees for the hosted platform are billed annually in advance; professional services are billed monthly in arrears at the rates in Exhibit A.' },
    { type: 'clause', number: '3.2', text: 'Payment Terms. Provider shall invoice Customer electronically. Customer shall pay each undisputed invoice within thirty (30) days after receipt (net 30), by bank transfer to the account named on the invoice.' },
    { type: 'clause', number: '3.3', text: 'Late Payment. Undisputed amounts not paid when due bear interest at the lesser of one percent (1%) per month or the highest rate permitted by law, from the due date until paid. Provider may suspend the Services if an undisputed amount remains unpaid forty-five (45) days after written notice of non-payment.' },
    { type: 'clause', number: '3.4', text: 'Disputed Amounts. Customer may withhold any amount that it disputes in good faith by notifying Provider in writing before the due date and describing the dispute. The Parties shall work together diligently to resolve the dispute within thirty (30) days.' },
    { type: 'clause', number: '3.5', text: 'Taxes. Fees exclude sales, use, value-added and similar taxes. Customer shall pay those taxes, except taxes based on Provider\'s net income, property or employees.' },
    { type: 'section', number: '4', title: 'TERM AND RENEWAL' },
    { type: 'clause', number: '4.1', text: 'Initial Term. This Agreement begins on the Effective Date and continues for an initial term of three (3) years (the "Initial Term"), unless terminated earlier under Section 5.' },
    { type: 'clause', number: '4.2', text: 'Renewal. After the Initial Term, this Agreement renews automatically for successive renewal terms of one (1) year each (each a "Renewal Term"), unless either Party gives written notice of non-renewal at least sixty (60) days before the end of the then-current term.' },
    { type: 'clause', number: '4.3', text: 'Statements of Work. Each Statement of Work remains in effect for the term stated in it. If this Agreement expires while a Statement of Work is in effect, this Agreement continues to govern that Statement of Work until it ends.' },
    { type: 'section', number: '5', title: 'TERMINATION' },
    { type: 'clause', number: '5.1', text: 'Termination for Convenience. Customer may terminate this Agreement or any Statement of Work for convenience on ninety (90) days\' written notice to Provider. Prepaid platform fees for the period after the termination date are not refundable, except as stated in Section 5.4.' },
    { type: 'clause', number: '5.2', text: 'Termination for Cause. Either Party may terminate this Agreement or the affected Statement of Work by written notice if the other Party materially breaches this Agreement and does not cure the breach within thirty (30) days after receiving written notice describing it in reasonable detail.' },
    { type: 'clause', number: '5.3', text: 'Insolvency. Either Party may terminate this Agreement immediately by written notice if the other Party becomes insolvent, makes a general assignment for the benefit of creditors, or becomes the subject of a bankruptcy or similar proceeding that is not dismissed within sixty (60) days.' },
    { type: 'clause', number: '5.4', text: 'Effect of Termination. On termination or expiration, Customer shall pay for Services performed up to the effective date, and Provider shall refund any prepaid fees for the period after that date if Customer terminated under Section 5.2. For thirty (30) days after termination Provider shall make Customer Data available for export in a standard, machine-readable format, and shall then delete it in accordance with Section 7.3.' },
    { type: 'clause', number: '5.5', text: 'Survival. Sections 3, 5.4, 6, 7, 10, 12 and 14, and any other provision that by its nature should survive, survive the termination or expiration of this Agreement.' },

    { type: 'article', text: 'ARTICLE III — CONFIDENTIALITY AND PROPRIETARY RIGHTS' },
    { type: 'section', number: '6', title: 'CONFIDENTIALITY' },
    { type: 'clause', number: '6.1', text: 'Definition. "Confidential Information" means any non-public information that one Party (the "Discloser") discloses to the other (the "Recipient") in connection with this Agreement, in any form, that is marked confidential or that a reasonable person would understand to be confidential. Customer Data is Customer\'s Confidential Information.' },
    { type: 'clause', number: '6.2', text: 'Obligations. The Recipient shall use Confidential Information only to perform or receive the Services, shall protect it with at least the care it uses for its own similar information and no less than reasonable care, and shall disclose it only to its and its Affiliates\' employees, contractors and advisers who need to know it and are bound by duties of confidentiality at least as protective as this Section.' },
    { type: 'clause', number: '6.3', text: 'Exclusions. Confidential Information does not include information that (a) is or becomes public through no fault of the Recipient; (b) the Recipient knew without restriction before receiving it; (c) the Recipient receives from a third party without a duty of confidentiality; or (d) the Recipient develops independently without using the Discloser\'s information.' },
    { type: 'clause', number: '6.4', text: 'Compelled Disclosure. The Recipient may disclose Confidential Information when required by law or court order, if it gives the Discloser prompt notice (where lawful) and reasonable help, at the Discloser\'s cost, to seek a protective order.' },
    { type: 'clause', number: '6.5', text: 'Duration. The obligations in this Section 6 last during the term and for five (5) years after termination or expiration, and for trade secrets for as long as they remain trade secrets under applicable law.' },
    { type: 'section', number: '7', title: 'DATA PROTECTION' },
    { type: 'clause', number: '7.1', text: 'Security. Provider shall maintain administrative, physical and technical safeguards designed to protect Customer Data against unauthorised access, loss and alteration, including encryption of Customer Data in transit and at rest and annual independent security assessments.' },
    { type: 'clause', number: '7.2', text: 'Security Incidents. Provider shall notify Customer without undue delay, and in any event within seventy-two (72) hours, after becoming aware of a breach of security leading to unauthorised access to Customer Data, and shall give Customer the information it reasonably needs to meet its own legal obligations.' },
    { type: 'clause', number: '7.3', text: 'Return and Deletion. Within sixty (60) days after the export period in Section 5.4 ends, Provider shall delete all Customer Data in its possession, including backups in the ordinary course of rotation, and shall certify the deletion in writing on request.' },
    { type: 'section', number: '8', title: 'INTELLECTUAL PROPERTY' },
    { type: 'clause', number: '8.1', text: 'Provider Materials. Provider retains all rights in the platform, its software, templates and know-how, including improvements made while performing the Services ("Provider Materials").' },
    { type: 'clause', number: '8.2', text: 'Deliverables. Upon payment in full of the applicable fees, Customer owns the Deliverables, excluding any Provider Materials embedded in them, for which Provider grants Customer a perpetual, non-exclusive, royalty-free licence to use them as part of the Deliverables for its internal business purposes.' },
    { type: 'clause', number: '8.3', text: 'Customer Data. Customer retains all rights in Customer Data and grants Provider a limited licence to use it solely to provide the Services during the term.' },

    { type: 'article', text: 'ARTICLE IV — RISK ALLOCATION' },
    { type: 'section', number: '9', title: 'WARRANTIES' },
    { type: 'clause', number: '9.1', text: 'Mutual Warranties. Each Party warrants that it has the authority to enter into this Agreement and that doing so does not breach any other agreement binding on it.' },
    { type: 'clause', number: '9.2', text: 'Services Warranty. Provider warrants that the Services will be performed in a professional and workmanlike manner consistent with generally accepted industry standards. If the Services do not conform, Provider shall re-perform them at no charge, and if it cannot do so within thirty (30) days Customer may terminate the affected Statement of Work and receive a refund of the fees paid for the non-conforming Services.' },
    { type: 'clause', number: '9.3', text: 'Disclaimer. Except as expressly stated in this Agreement, neither Party makes any warranty, express or implied, including any implied warranty of merchantability, fitness for a particular purpose or non-infringement.' },
    { type: 'section', number: '10', title: 'INDEMNIFICATION' },
    { type: 'clause', number: '10.1', text: 'By Provider. Provider shall defend Customer against any third-party claim alleging that the Services infringe that third party\'s intellectual property rights, and shall pay the damages and costs finally awarded or agreed in settlement.' },
    { type: 'clause', number: '10.2', text: 'By Customer. Customer shall defend Provider against any third-party claim arising from Customer Data or from Customer\'s use of the Services in breach of law, and shall pay the damages and costs finally awarded or agreed in settlement.' },
    { type: 'clause', number: '10.3', text: 'Procedure. The indemnified Party shall notify the indemnifying Party promptly of the claim, give it sole control of the defence and settlement (no settlement may impose an obligation on the indemnified Party without its consent), and provide reasonable cooperation at the indemnifying Party\'s expense.' },
    { type: 'section', number: '11', title: 'INSURANCE' },
    { type: 'clause', number: '11.1', text: 'Coverage. During the term and for one (1) year after it, Provider shall maintain with insurers rated A- or better: (a) commercial general liability insurance of at least $2,000,000 per occurrence; (b) professional liability (errors and omissions) insurance of at least $5,000,000 per claim; (c) cyber liability insurance of at least $5,000,000 per claim; and (d) workers\' compensation insurance as required by law.' },
    { type: 'clause', number: '11.2', text: 'Certificates. Provider shall deliver certificates of insurance to Customer on request and shall give Customer thirty (30) days\' notice of any cancellation or material reduction of the required coverage.' },
    { type: 'section', number: '12', title: 'LIMITATION OF LIABILITY' },
    { type: 'clause', number: '12.1', text: 'Exclusion of Indirect Damages. Neither Party is liable to the other for any indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or goodwill, arising out of or relating to this Agreement, even if advised of their possibility.' },
    { type: 'clause', number: '12.2', text: 'Liability Cap. Except for the Excluded Claims, each Party\'s total aggregate liability arising out of or relating to this Agreement, whether in contract, tort or otherwise, shall not exceed the fees paid in the twelve (12) months preceding the claim by Customer to Provider under the Statement of Work giving rise to the claim.' },
    { type: 'clause', number: '12.3', text: 'Excluded Claims. The limitations in Sections 12.1 and 12.2 do not apply to (a) a Party\'s indemnification obligations under Section 10; (b) a breach of Section 6 (Confidentiality) or Section 7 (Data Protection); (c) a Party\'s gross negligence, fraud or wilful misconduct; or (d) Customer\'s obligation to pay undisputed fees (together, the "Excluded Claims").' },

    { type: 'article', text: 'ARTICLE V — GENERAL' },
    { type: 'section', number: '13', title: 'ASSIGNMENT AND SUBCONTRACTING' },
    { type: 'clause', number: '13.1', text: 'Assignment. Neither Party may assign or transfer this Agreement without the other Party\'s prior written consent, which shall not be unreasonably withheld, except that either Party may assign it without consent to an Affiliate or to a successor in a merger or a sale of all or substantially all of its assets, on written notice. Any other attempted assignment is void.' },
    { type: 'clause', number: '13.2', text: 'Subcontractors. Provider may use subcontractors to perform the Services if it remains responsible for their performance and ensures they are bound by obligations at least as protective of Customer as those in Sections 6 and 7.' },
    { type: 'section', number: '14', title: 'GOVERNING LAW AND GENERAL PROVISIONS' },
    { type: 'clause', number: '14.1', text: 'Governing Law. This Agreement is governed by the laws of the State of New York, without regard to its conflict of laws rules. The United Nations Convention on Contracts for the International Sale of Goods does not apply.' },
    { type: 'clause', number: '14.2', text: 'Venue. The state and federal courts located in New York County, New York have exclusive jurisdiction over any dispute arising out of or relating to this Agreement, and each Party consents to their personal jurisdiction.' },
    { type: 'clause', number: '14.3', text: 'Notices. Notices under this Agreement must be in writing and are effective when delivered by hand, by a recognised overnight courier, or by email with confirmation of receipt, to the addresses stated above or to another address a Party designates by notice.' },
    { type: 'clause', number: '14.4', text: 'Force Majeure. Neither Party is liable for a delay or failure to perform, other than a payment obligation, caused by events beyond its reasonable control, if it gives prompt notice and uses reasonable efforts to resume performance.' },
    { type: 'clause', number: '14.5', text: 'Entire Agreement. This Agreement, including its Exhibits and Statements of Work, is the entire agreement of the Parties on its subject and supersedes all prior proposals and understandings. It may be amended only in a writing signed by both Parties. If any provision is held unenforceable, the rest of this Agreement remains in effect.' },
    { type: 'para', text: '[Signature page follows.]' },
    { type: 'pagebreak' },
    { type: 'article', text: 'SIGNATURE PAGE' },
    { type: 'para', text: 'IN WITNESS WHEREOF, the Parties have caused this Master Services Agreement to be signed by their duly authorised representatives as of the Effective Date.' },
    {
      type: 'signature',
      rows: [
        ['BRIGHTLINE DATA SERVICES, INC.', 'MERIDIAN FREIGHT CO.'],
        ['By: ______________________', 'By: ______________________'],
        ['Name: Dana Whitfield', 'Name: Luis Okafor'],
        ['Title: Chief Executive Officer', 'Title: Chief Operating Officer'],
        ['Date: March 1, 2024', 'Date: March 1, 2024'],
      ],
    },

    { type: 'pagebreak' },
    { type: 'article', text: 'EXHIBIT A — FEE SCHEDULE' },
    { type: 'para', text: 'All amounts are in United States dollars and are payable in accordance with Section 3 (net 30). Rates are fixed for the Initial Term and may increase by no more than four percent (4%) at the start of each Renewal Term.' },
    {
      type: 'table',
      columns: [0, 190, 330],
      rows: [
        ['Item', 'Unit', 'Fee (USD)'],
        ['Platform subscription', 'per year', '$96,000'],
        ['Additional user seats', 'per seat per year', '$480'],
        ['Data ingestion above 50 GB', 'per GB per month', '$12'],
        ['Implementation services', 'fixed fee', '$18,500'],
        ['Senior consultant', 'per hour', '$245'],
        ['Analyst', 'per hour', '$160'],
        ['Premium support (24x7)', 'per year', '$14,000'],
      ],
    },
    { type: 'para', text: 'Service credits. If monthly platform availability falls below 99.5%, Customer receives a credit of five percent (5%) of the monthly platform fee for each full 0.5% below that level, up to thirty percent (30%) of the monthly platform fee. Credits are Customer\'s sole remedy for unavailability, except where the unavailability also gives rise to a right of termination under Section 5.2.' },
    { type: 'para', text: 'Expenses. Travel and other out-of-pocket expenses are reimbursed at cost only when approved in writing by Customer in advance.' },
  ],
};

const MUTUAL_NDA_TXT = `MUTUAL NON-DISCLOSURE AGREEMENT

Sample document for Casefile. The parties and terms are fictional.

This Mutual Non-Disclosure Agreement (the "Agreement") is made as of April 8, 2024
(the "Effective Date") between Larkspur Robotics Ltd., a company with offices at
15 Mill Lane, Boston, Massachusetts 02110 ("Larkspur"), and Quarry Hill Software LLC,
a company with offices at 220 Elm Street, Burlington, Vermont 05401 ("Quarry Hill").
Each party may disclose information to the other (as "Disclosing Party") and receive
information from the other (as "Receiving Party").

The parties wish to explore a possible joint development of warehouse automation
software (the "Purpose") and agree as follows.

1. DEFINITION OF CONFIDENTIAL INFORMATION

1.1 "Confidential Information" means all non-public information, in any form, that the
Disclosing Party or its affiliates disclose to the Receiving Party in connection with
the Purpose, including business plans, prices, customer lists, source code, designs,
specifications, test results and the terms of any proposal, whether or not it is
marked as confidential, if a reasonable person would understand it to be confidential.

1.2 Confidential Information also includes notes, analyses and other materials that
the Receiving Party prepares and that contain or reflect the Disclosing Party's
Confidential Information.

2. OBLIGATIONS OF THE RECEIVING PARTY

2.1 The Receiving Party shall (a) use Confidential Information only for the Purpose;
(b) not disclose it to anyone other than its employees, officers and professional
advisers who need to know it for the Purpose and who are bound by confidentiality
duties no less protective than this Agreement; and (c) protect it using at least
reasonable care.

2.2 The Receiving Party is responsible for any breach of this Agreement by the persons
to whom it discloses Confidential Information.

2.3 The Receiving Party shall not reverse engineer, decompile or analyse the
composition of any prototype, software or other material provided by the Disclosing
Party, except as the Disclosing Party authorises in writing.

3. EXCLUSIONS

3.1 The obligations in Section 2 do not apply to information that the Receiving Party
can show by written records:
    (a) is or becomes generally available to the public other than through a breach of
        this Agreement;
    (b) was lawfully known to it without a duty of confidentiality before the
        Disclosing Party disclosed it;
    (c) is lawfully received from a third party who is free to disclose it; or
    (d) is independently developed by the Receiving Party without use of or reference to
        the Disclosing Party's Confidential Information.

3.2 The Receiving Party may disclose Confidential Information when required to do so
by law, regulation or court order, if it gives the Disclosing Party prompt written
notice (where legally permitted) so that the Disclosing Party may seek a protective
order, and discloses only the part that it is legally required to disclose.

4. TERM

4.1 This Agreement begins on the Effective Date and continues for a term of three (3)
years, unless either party ends it earlier by thirty (30) days' written notice.

4.2 The Receiving Party's obligations under Sections 2 and 3 continue for three (3)
years after the end of the term; for trade secrets they continue for as long as the
information remains a trade secret under applicable law.

5. RETURN OF MATERIALS

5.1 Within fifteen (15) days after the Disclosing Party's written request, or after
this Agreement ends, the Receiving Party shall return or destroy all Confidential
Information in its possession and certify in writing that it has done so.

5.2 The Receiving Party may keep copies that are stored in automatic electronic backups
or that it must keep by law, as long as those copies remain subject to this Agreement.

6. NO LICENCE; NO OBLIGATION

6.1 All Confidential Information remains the property of the Disclosing Party. Nothing
in this Agreement grants any licence under any patent, copyright or other right.

6.2 Confidential Information is provided "as is". Neither party is obliged to enter
into any further agreement or transaction by signing this Agreement.

7. REMEDIES

7.1 Each party acknowledges that unauthorised use or disclosure of Confidential
Information may cause the Disclosing Party irreparable harm for which damages would
not be an adequate remedy. The Disclosing Party is therefore entitled to seek
injunctive relief or specific performance, without posting a bond, in addition to any
other remedy available at law or in equity.

7.2 The prevailing party in any action to enforce this Agreement is entitled to recover
its reasonable attorneys' fees and costs.

8. GENERAL

8.1 This Agreement is governed by the laws of the Commonwealth of Massachusetts,
without regard to its conflict of laws rules, and the courts of Suffolk County,
Massachusetts have exclusive jurisdiction over any dispute arising from it.

8.2 This Agreement is the entire agreement of the parties on its subject. It may be
amended only in writing signed by both parties, and neither party may assign it
without the other's prior written consent.

8.3 This Agreement may be signed in counterparts, including by electronic signature.


LARKSPUR ROBOTICS LTD.                     QUARRY HILL SOFTWARE LLC

By: ________________________               By: ________________________
Name: Priya Raman                          Name: Tomas Lindqvist
Title: General Counsel                     Title: Managing Member
`;

const DATA_RETENTION_POLICY_MD = `# Data Retention Policy

*Sample document for Casefile. The company and its rules are fictional.*

| | |
|---|---|
| **Company** | Fernhill Advisory Group |
| **Owner** | Legal and Compliance |
| **Version** | 2.1, effective 1 July 2024 |
| **Review** | Every twelve months |

## 1. Purpose

This policy sets how long Fernhill Advisory Group keeps business records and personal
data, and how it disposes of them. Keeping records for as long as the law or the
business requires, and no longer, reduces cost and risk and respects the people whose
data we hold.

## 2. Scope

The policy applies to every employee, contractor and system of the company, and to
records in any form: paper, email, chat, documents, databases and backups.

## 3. Retention periods

Unless a legal hold applies (Section 4), records are kept for the periods below,
counted from the end of the year in which the record was closed.

| Record type | Retention period | Notes |
|---|---|---|
| Client contracts and engagement letters | 7 years after the engagement ends | Longer if the contract says so |
| Client advice files | 7 years after the matter closes | |
| Invoices and accounting records | 7 years | Tax and audit requirements |
| Employee personnel files | 6 years after employment ends | |
| Unsuccessful job applications | 12 months | Delete earlier on request |
| Marketing contact lists | 24 months after the last interaction | Remove on opt-out at once |
| System and access logs | 13 months | |
| Email (general) | 3 years | Move records to the matter file first |

### 3.1 Personal data

Personal data is kept only as long as needed for the purpose it was collected for. When
a period above ends, personal data is deleted or irreversibly anonymised.

### 3.2 Originals and copies

Copies and drafts may not be kept longer than the original record. Working copies on
laptops must be deleted when the matter closes.

## 4. Legal holds

When litigation, an investigation or an audit is reasonably anticipated, Legal and
Compliance issues a **legal hold**. Records covered by a hold must not be changed or
destroyed, even if their retention period has ended, until Legal and Compliance lifts
the hold in writing.

## 5. Disposal

1. Paper records are shredded with a cross-cut shredder or by a certified disposal vendor.
2. Electronic records are deleted from the live system; backups expire in the ordinary
   rotation within 90 days.
3. Devices are wiped to a recognised standard, or physically destroyed, before reuse or
   disposal, and the destruction is logged.

## 6. Responsibilities

- **Record owners** apply the retention periods to the records they manage.
- **IT** configures automatic deletion where systems support it.
- **Legal and Compliance** maintains this policy, issues legal holds and answers questions.

## 7. Exceptions

An exception to this policy needs the written approval of the General Counsel, stating
the records concerned, the reason and the new retention period.
`;

export interface SampleEntry {
  readonly file: string;
  readonly title: string;
  readonly mediaType: string;
  readonly description: string;
}

// ---- the PDF -----------------------------------------------------------------------------------

const PAGE = { width: 612, height: 792 } as const; // US Letter
const MARGIN = { left: 72, right: 72, top: 84, bottom: 76 } as const;
const BODY_SIZE = 10.5;
const LEADING = 13.5;

interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly italic: PDFFont;
  readonly sans: PDFFont;
}

/** Greedy word wrap at `size` points to `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Composer {
  readonly pages: PDFPage[] = [];
  #page: PDFPage | null = null;
  #y = 0;
  /** First and last page of each numbered section and clause (for the log). */
  readonly sectionPages = new Map<string, readonly [number, number]>();

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {}

  get pageNumber(): number {
    return this.pages.length;
  }

  newPage(): void {
    this.#page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.#page);
    this.#y = PAGE.height - MARGIN.top;
  }

  /** Room for `lines` more lines of body text on this page? */
  fits(height: number): boolean {
    return this.#page !== null && this.#y - height >= MARGIN.bottom;
  }

  space(points: number): void {
    this.#y -= points;
  }

  /** Draws wrapped text; the first line may carry a label (a clause number) in the margin. */
  /** Returns the first and last page it wrote on. */
  text(text: string, o: { font?: PDFFont; size?: number; indent?: number; label?: string; labelWidth?: number; align?: 'left' | 'center'; keepWithNext?: number }): [number, number] {
    const font = o.font ?? this.fonts.regular;
    const size = o.size ?? BODY_SIZE;
    const leading = Math.max(LEADING, size * 1.3);
    const indent = o.indent ?? 0;
    const labelWidth = o.label ? (o.labelWidth ?? 30) : 0;
    const x = MARGIN.left + indent + labelWidth;
    const width = PAGE.width - MARGIN.right - x;
    const lines = wrap(text, font, size, width);
    // Headings keep with the start of what follows; short paragraphs are not split.
    const keep = (o.keepWithNext ?? 0) + Math.min(lines.length, 2);
    if (!this.fits(keep * leading)) this.newPage();
    const first = this.pageNumber;
    lines.forEach((line, i) => {
      if (!this.fits(leading)) this.newPage();
      this.#y -= leading;
      const page = this.#page!;
      if (i === 0 && o.label) page.drawText(o.label, { x: MARGIN.left + indent, y: this.#y, size, font: o.font ?? this.fonts.bold });
      const lineX = o.align === 'center' ? (PAGE.width - font.widthOfTextAtSize(line, size)) / 2 : x;
      page.drawText(line, { x: lineX, y: this.#y, size, font });
    });
    return [first, this.pageNumber];
  }

  /** A table: one baseline per row, one x per column. */
  table(rows: readonly (readonly string[])[], columns: readonly number[], o: { header: boolean; rule: boolean; gap: number }): void {
    const { header, gap } = o;
    rows.forEach((row, r) => {
      const font = header && r === 0 ? this.fonts.bold : this.fonts.regular;
      if (!this.fits(LEADING + gap)) this.newPage();
      this.#y -= LEADING + gap;
      row.forEach((cell, c) => this.#page!.drawText(cell, { x: MARGIN.left + columns[c]!, y: this.#y, size: BODY_SIZE, font }));
      if (o.rule && header && r === 0) {
        this.#page!.drawLine({ start: { x: MARGIN.left, y: this.#y - 4 }, end: { x: PAGE.width - MARGIN.right, y: this.#y - 4 }, thickness: 0.6, color: rgb(0.3, 0.3, 0.3) });
      }
    });
  }

  /** Running header and "Page N of M" footer on every page, drawn once the page count is known. */
  decorate(header: string): void {
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      const size = 8.5;
      page.drawText(header, { x: MARGIN.left, y: PAGE.height - 50, size, font: this.fonts.sans, color: rgb(0.35, 0.35, 0.35) });
      page.drawLine({ start: { x: MARGIN.left, y: PAGE.height - 56 }, end: { x: PAGE.width - MARGIN.right, y: PAGE.height - 56 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
      const footer = `Page ${i + 1} of ${total}`;
      page.drawText(footer, { x: (PAGE.width - this.fonts.sans.widthOfTextAtSize(footer, size)) / 2, y: 40, size, font: this.fonts.sans, color: rgb(0.35, 0.35, 0.35) });
    });
  }
}

function render(c: Composer, blocks: readonly MsaBlock[]): void {
  for (const b of blocks) {
    switch (b.type) {
      case 'title':
        c.space(6);
        c.text(b.text, { font: c.fonts.bold, size: 16, align: 'center' });
        c.space(10);
        break;
      case 'center':
        c.text(b.text, { font: c.fonts.italic, align: 'center' });
        c.space(6);
        break;
      case 'article':
        c.space(12);
        c.text(b.text, { font: c.fonts.bold, size: 11.5, align: 'center', keepWithNext: 3 });
        c.space(4);
        break;
      case 'section':
        c.space(9);
        c.sectionPages.set(b.number, c.text(b.title, { font: c.fonts.bold, label: `${b.number}.`, labelWidth: 22, keepWithNext: 2 }));
        if (b.text) {
          c.space(3);
          c.text(b.text, {});
        }
        break;
      case 'clause':
        c.space(5);
        c.sectionPages.set(b.number, c.text(b.text, { label: b.number, indent: 22, labelWidth: 32, font: c.fonts.regular }));
        break;
      case 'para':
        c.space(6);
        c.text(b.text, {});
        break;
      case 'pagebreak':
        c.newPage();
        break;
      case 'table':
        c.space(6);
        c.table(b.rows, b.columns, { header: true, rule: true, gap: 4 });
        break;
      case 'signature':
        c.space(24);
        c.table(b.rows, [0, 250], { header: true, rule: false, gap: 14 });
        break;
    }
  }
}

export async function makeAgreementPdf(): Promise<{ bytes: Uint8Array; pages: number; sectionPages: Map<string, readonly [number, number]> }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(MSA.title);
  doc.setAuthor('Casefile sample documents');
  doc.setSubject('Sample master services agreement (fictional parties) for trying Casefile');
  doc.setKeywords(['sample;', 'master services agreement;', 'contract']);
  doc.setCreator('Casefile make-samples');
  doc.setProducer('pdf-lib');
  doc.setLanguage('en-US');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.TimesRoman),
    bold: await doc.embedFont(StandardFonts.TimesRomanBold),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    sans: await doc.embedFont(StandardFonts.Helvetica),
  };
  const composer = new Composer(doc, fonts);
  composer.newPage();
  render(composer, MSA.blocks);
  composer.decorate(MSA.header);
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, pages: composer.pages.length, sectionPages: composer.sectionPages };
}

// ---- writing them out -----------------------------------------------------------------------------

export const SAMPLES: readonly SampleEntry[] = [
  {
    file: 'master-services-agreement.pdf',
    title: MSA.title,
    mediaType: 'application/pdf',
    description:
      'A seven-page master services agreement between two fictional companies: fees (net 30), term and renewal, termination, confidentiality, data protection, insurance, a liability cap in Section 12, assignment, New York governing law and a fee schedule in Exhibit A.',
  },
  {
    file: 'mutual-nda.txt',
    title: 'Mutual Non-Disclosure Agreement',
    mediaType: 'text/plain',
    description: 'A plain-text mutual NDA: what counts as Confidential Information, the exclusions, a three-year term, return of materials and remedies.',
  },
  {
    file: 'data-retention-policy.md',
    title: 'Data Retention Policy',
    mediaType: 'text/markdown',
    description: 'A short company policy in Markdown: retention periods by record type, legal holds, and secure deletion.',
  },
];

export async function makeSamples(outDir: string): Promise<{ files: string[]; pdfPages: number; sectionPages: Map<string, readonly [number, number]> }> {
  await mkdir(outDir, { recursive: true });
  const pdf = await makeAgreementPdf();
  const outputs: Record<string, Uint8Array | string> = {
    'master-services-agreement.pdf': pdf.bytes,
    'mutual-nda.txt': MUTUAL_NDA_TXT,
    'data-retention-policy.md': DATA_RETENTION_POLICY_MD,
    'index.json': `${JSON.stringify({ samples: SAMPLES }, null, 2)}\n`,
  };
  const files: string[] = [];
  for (const [name, data] of Object.entries(outputs)) {
    const path = join(outDir, name);
    await writeFile(path, data);
    files.push(path);
  }
  return { files, pdfPages: pdf.pages, sectionPages: pdf.sectionPages };
}


const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const outDir = resolve(process.argv[2] ?? 'public/samples');
  const { files, pdfPages, sectionPages } = await makeSamples(outDir);
  for (const f of files) console.log(`wrote ${f}`);
  const crossing = [...sectionPages].filter(([, [a, b]]) => a !== b).map(([n, [a, b]]) => `${n} (pages ${a}–${b})`);
  const cap = sectionPages.get('12.2');
  console.log(`master-services-agreement.pdf: ${pdfPages} pages; 12.2 on page ${cap?.[0]}; across a page break: ${crossing.join(', ') || 'none'}`);
}
