/**
 * Office files made at test time: DOCX packages written part by part (fflate zipSync), other
 * zips, a zip bomb whose deflate stream is written by hand (so a 300 MB bomb takes milliseconds
 * to build, not the seconds a level-9 compressor needs), and fake OLE compound files.
 */
import { crc32 as zlibCrc32 } from 'node:zlib';
import { deflateSync, inflateSync, strToU8, zipSync, type Zippable } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface ParagraphSpec {
  readonly style?: string;
  readonly numId?: number;
  readonly ilvl?: number;
  /** Word's record of its last layout: this paragraph starts a new page. */
  readonly renderedBreakBefore?: boolean;
  /** An explicit page break after the text (`w:br w:type="page"`). */
  readonly breakAfter?: boolean;
}

/** A `w:p` with one run of text. */
export function p(text: string, spec: ParagraphSpec = {}): string {
  const numPr = spec.numId === undefined ? '' : `<w:numPr><w:ilvl w:val="${spec.ilvl ?? 0}"/><w:numId w:val="${spec.numId}"/></w:numPr>`;
  const pPr = spec.style || numPr ? `<w:pPr>${spec.style ? `<w:pStyle w:val="${spec.style}"/>` : ''}${numPr}</w:pPr>` : '';
  const rendered = spec.renderedBreakBefore ? '<w:lastRenderedPageBreak/>' : '';
  const br = spec.breakAfter ? '<w:br w:type="page"/>' : '';
  return `<w:p>${pPr}<w:r>${rendered}<w:t xml:space="preserve">${xmlEscape(text)}</w:t>${br}</w:r></w:p>`;
}

/** A table; the first row is a header row when `header` is set. */
export function table(rows: readonly (readonly string[])[], header = true): string {
  const tr = (cells: readonly string[], i: number) =>
    `<w:tr>${i === 0 && header ? '<w:trPr><w:tblHeader/></w:trPr>' : ''}${cells.map((c) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${p(c)}</w:tc>`).join('')}</w:tr>`;
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr><w:tblGrid>${rows[0]!.map(() => '<w:gridCol w:w="2000"/>').join('')}</w:tblGrid>${rows.map(tr).join('')}</w:tbl>`;
}

export function documentXml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`;
}

const style = (id: string, name: string, extra = '') => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/>${extra}</w:style>`;

/**
 * Styles: Normal, Title, Heading 1 and Heading 2 numbered through their style (numId 1:
 * "1." and "1.1"), ListParagraph.
 */
export const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W}">
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
${style('Title', 'Title')}
${style('Heading1', 'heading 1', '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="0"/></w:pPr>')}
${style('Heading2', 'heading 2', '<w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="1"/></w:pPr>')}
${style('Heading3', 'heading 3')}
${style('ListParagraph', 'List Paragraph')}
</w:styles>`;

const lvl = (ilvl: number, fmt: string, text: string, extra = '') =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/>${extra}<w:lvlText w:val="${text}"/><w:lvlJc w:val="left"/></w:lvl>`;

/**
 * Numbering: abstract 0 (headings: "%1." / "%1.%2", linked to the Heading styles), abstract 1
 * (clauses: "%1." / "(%2)" / "(%3)" lower roman), abstract 2 (bullets). numId 1 → 0, numId 2 → 1,
 * numId 3 → 2, numId 4 → 1 restarting at 1 (a second list of the same kind).
 */
export const NUMBERING_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering xmlns:w="${W}">
<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="multilevel"/>${lvl(0, 'decimal', '%1.', '<w:pStyle w:val="Heading1"/>')}${lvl(1, 'decimal', '%1.%2', '<w:pStyle w:val="Heading2"/>')}</w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:multiLevelType w:val="hybridMultilevel"/>${lvl(0, 'decimal', '%1.')}${lvl(1, 'lowerLetter', '(%2)')}${lvl(2, 'lowerRoman', '(%3)')}</w:abstractNum>
<w:abstractNum w:abstractNumId="2">${lvl(0, 'bullet', '\uf0b7')}${lvl(1, 'bullet', 'o')}</w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>
<w:num w:numId="4"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>
</w:numbering>`;

export function coreXml(title: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlEscape(title)}</dc:title><dc:creator>Test</dc:creator></cp:coreProperties>`;
}

export interface DocxSpec {
  /** The content of `w:body` (paragraphs and tables). */
  readonly body: string;
  readonly title?: string;
  readonly styles?: string | null;
  readonly numbering?: string | null;
  /** More parts (e.g. word/media/image1.png). */
  readonly extra?: Readonly<Record<string, Uint8Array | string>>;
  /** Leave out parts (to make broken packages). */
  readonly omit?: readonly string[];
}

/** A DOCX package: [Content_Types].xml, _rels/.rels, word/document.xml, styles, numbering, core. */
export function makeDocx(spec: DocxSpec): Uint8Array {
  const styles = spec.styles === undefined ? STYLES_XML : spec.styles;
  const numbering = spec.numbering === undefined ? NUMBERING_XML : spec.numbering;
  const overrides = [
    ['/word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
    ...(styles ? [['/word/styles.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml']] : []),
    ...(numbering ? [['/word/numbering.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml']] : []),
    ...(spec.title !== undefined ? [['/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml']] : []),
  ];
  const parts: Record<string, string | Uint8Array> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>${overrides.map(([n, t]) => `<Override PartName="${n}" ContentType="${t}"/>`).join('')}</Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>${spec.title !== undefined ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' : ''}</Relationships>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${styles ? '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' : ''}${numbering ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' : ''}</Relationships>`,
    'word/document.xml': documentXml(spec.body),
    ...(styles ? { 'word/styles.xml': styles } : {}),
    ...(numbering ? { 'word/numbering.xml': numbering } : {}),
    ...(spec.title !== undefined ? { 'docProps/core.xml': coreXml(spec.title) } : {}),
    ...spec.extra,
  };
  for (const name of spec.omit ?? []) delete parts[name];
  return makeZip(parts);
}

/** A zip of these entries (deflated, like Word writes them). */
export function makeZip(entries: Readonly<Record<string, Uint8Array | string>>): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(entries)) zippable[name] = typeof data === 'string' ? strToU8(data) : data;
  return zipSync(zippable, { level: 6, mtime: new Date('2024-01-01T00:00:00Z') });
}

// ---- the zip bomb -------------------------------------------------------------------------------

/**
 * A raw deflate stream that inflates to `n` zero bytes, ~1,000:1 (what a level-9 compressor
 * reaches on zeros): one dynamic-Huffman block whose only codes are literal 0 ("10"), end of block
 * ("11"), length 258 ("0") and distance 1 ("0"), so each 258 zero bytes cost two bits.
 */
export function deflateZeros(n: number): Uint8Array {
  const matches = n > 0 ? Math.floor((n - 1) / 258) : 0;
  const literals = n - matches * 258;
  const out = new Uint8Array(Math.ceil((200 + 2 * literals + 2 * matches) / 8));
  let bit = 0;
  const put = (value: number, bits: number) => {
    for (let i = 0; i < bits; i++, bit++) if ((value >>> i) & 1) out[bit >>> 3]! |= 1 << (bit & 7);
  };
  /** Huffman codes go in most-significant bit first. */
  const code = (value: number, bits: number) => {
    for (let i = bits - 1; i >= 0; i--, bit++) if ((value >>> i) & 1) out[bit >>> 3]! |= 1 << (bit & 7);
  };
  put(1, 1); // BFINAL
  put(2, 2); // dynamic Huffman
  put(286 - 257, 5); // HLIT: literal/length codes 0..285
  put(0, 5); // HDIST: one distance code
  put(18 - 4, 4); // HCLEN: 18 code-length code lengths
  // Code-length code lengths in RFC 1951 order 16,17,18,0,8,7,9,6,10,5,11,4,12,3,13,2,14,1:
  // symbol 18 → 1 bit ("0"), symbols 1 and 2 → 2 bits ("10", "11").
  for (const len of [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2]) put(len, 3);
  const two = () => code(3, 2);
  const one = () => code(2, 2);
  const zeros = (count: number) => {
    code(0, 1);
    put(count - 11, 7);
  };
  // Lengths: literal 0 → 2, 1..255 → 0, 256 → 2, 257..284 → 0, 285 → 1; distance 0 → 1.
  two();
  zeros(138);
  zeros(117);
  two();
  zeros(28);
  one();
  one();
  code(2, 2); // literal 0
  for (let i = 1; i < literals; i++) code(2, 2);
  bit += 2 * matches; // length 258 ("0") + distance 1 ("0"): zero bits
  code(3, 2); // end of block
  return out.subarray(0, Math.ceil(bit / 8));
}

/** CRC-32 of `n` zero bytes (node:zlib, a megabyte at a time). */
function crcOfZeros(n: number): number {
  const chunk = new Uint8Array(1 << 20);
  let crc = 0;
  for (let left = n; left > 0; left -= chunk.length) crc = zlibCrc32(left >= chunk.length ? chunk : chunk.subarray(0, left), crc);
  return crc;
}

export interface BombEntry {
  readonly name: string;
  /** Real content (deflated normally, or stored with `stored`)… */
  readonly data?: string | Uint8Array;
  /** Store `data` uncompressed (method 0) instead of deflating it. */
  readonly stored?: boolean;
  /** …or this many zero bytes, deflated by hand. */
  readonly zeros?: number;
  /** Declare this uncompressed size instead of the real one (a lying header). */
  readonly declaredSize?: number;
  /** Declare this CRC-32 instead of computing it (saves seconds on a multi-GB bomb). */
  readonly crc?: number;
}

/** A zip written by hand, so entries can hold huge hand-made streams or lie about their size. */
export function handZip(entries: readonly BombEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    let data: Uint8Array;
    let size: number;
    let crc: number;
    if (e.zeros !== undefined) {
      data = deflateZeros(e.zeros);
      size = e.zeros;
      crc = e.crc ?? crcOfZeros(e.zeros);
    } else {
      const raw = typeof e.data === 'string' || e.data === undefined ? enc.encode(e.data ?? '') : e.data;
      data = e.stored ? raw : deflateSync(raw, { level: 6 });
      size = raw.length;
      crc = e.crc ?? zlibCrc32(raw);
    }
    const method = e.stored ? 0 : 8;
    const declared = e.declaredSize ?? size;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, method, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, declared, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, method, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, declared, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const centralSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, end];
  const out = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
  let at = 0;
  for (const x of parts) {
    out.set(x, at);
    at += x.length;
  }
  return out;
}

/** The minimal parts that make a zip look like a DOCX to the sniffer (names only matter). */
export const DOCX_SKELETON: readonly BombEntry[] = [
  { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
  { name: '_rels/.rels', data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>' },
];

// ---- OLE compound files -------------------------------------------------------------------------

/**
 * A compound file header and one directory sector naming these streams (a Root Entry first).
 * Enough for what we read (the directory names); not a complete file system.
 */
export function fakeCompoundFile(streams: readonly string[]): Uint8Array {
  const out = new Uint8Array(512 + 512 + 512);
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  const v = new DataView(out.buffer);
  v.setUint16(0x18, 0x3e, true); // minor version
  v.setUint16(0x1a, 3, true); // major version 3: 512-byte sectors
  v.setUint16(0x1c, 0xfffe, true); // little-endian
  v.setUint16(0x1e, 9, true); // sector shift
  v.setUint32(0x30, 0, true); // first directory sector
  const entries = ['Root Entry', ...streams];
  entries.forEach((name, i) => {
    const at = 512 + i * 128;
    for (let k = 0; k < name.length; k++) v.setUint16(at + 2 * k, name.charCodeAt(k), true);
    v.setUint16(at + 64, (name.length + 1) * 2, true);
    out[at + 66] = i === 0 ? 5 : 2;
  });
  return out;
}

// ---- damage -------------------------------------------------------------------------------------

/**
 * The zip with one bit of entry `name`'s deflated data flipped so that it still inflates, to
 * other bytes of the same length (the damage a CRC-32 check exists for: "Alpha Holdings" read
 * as "Alphalaoldings"). The first such bit from the middle of the data on.
 */
export function flipEntryBit(zip: Uint8Array, name: string): Uint8Array {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const wanted = new TextEncoder().encode(name);
  for (let at = 0; at + 30 <= zip.length && v.getUint32(at, true) === 0x04034b50; ) {
    const size = v.getUint32(at + 18, true);
    const nameLength = v.getUint16(at + 26, true);
    const start = at + 30 + nameLength + v.getUint16(at + 28, true);
    const entryName = zip.subarray(at + 30, at + 30 + nameLength);
    if (entryName.length === wanted.length && entryName.every((b, i) => b === wanted[i])) {
      const original = inflateSync(zip.subarray(start, start + size));
      for (let i = start + Math.floor(size / 2); i < start + size; i++) {
        for (let bit = 0; bit < 8; bit++) {
          const out = zip.slice();
          out[i]! ^= 1 << bit;
          try {
            const changed = inflateSync(out.subarray(start, start + size));
            if (changed.length === original.length && changed.some((b, k) => b !== original[k])) return out;
          } catch {
            // this flip breaks the stream; try the next
          }
        }
      }
      throw new Error(`flipEntryBit: no flip of ${name} inflates cleanly`);
    }
    at = start + size;
  }
  throw new Error(`flipEntryBit: no entry ${name}`);
}
