/**
 * OLE compound files (CFB, `D0 CF 11 E0 A1 B1 1A E1`): what is inside, to say why we cannot
 * read it. A password-protected DOCX/XLSX/PPTX is a CFB holding `EncryptionInfo` and
 * `EncryptedPackage` streams; Word 97–2003 files hold `WordDocument`, Excel `Workbook`/`Book`,
 * PowerPoint `PowerPoint Document`, Outlook messages `__substg1.0_…` streams.
 *
 * The directory entries are read where they can only be: 128-byte records at 128-byte aligned
 * offsets (sectors are 512 or 4096 bytes), each starting with its UTF-16LE name and carrying
 * the name's byte length at +64 and the object type at +66. No FAT walking needed to find names.
 * Environment-neutral.
 */
import { FileError } from '../core/errors';
import { extensionOf } from './sniff';

export type CompoundKind = 'encrypted-ooxml' | 'doc' | 'xls' | 'ppt' | 'msg' | 'unknown';

/** Names of the directory entries (storages and streams) of a compound file. */
function compoundEntryNames(bytes: Uint8Array, max = 5000): Set<string> {
  const names = new Set<string>();
  for (let at = 512; at + 128 <= bytes.length && names.size < max; at += 128) {
    const nameBytes = bytes[at + 64]! | (bytes[at + 65]! << 8);
    const type = bytes[at + 66]!;
    if (nameBytes < 4 || nameBytes > 64 || nameBytes % 2 !== 0 || (type !== 1 && type !== 2 && type !== 5)) continue;
    let name = '';
    let ok = true;
    for (let i = 0; i < nameBytes / 2 - 1; i++) {
      const c = bytes[at + 2 * i]! | (bytes[at + 2 * i + 1]! << 8);
      if (c === 0) {
        ok = false;
        break;
      }
      name += String.fromCharCode(c);
    }
    // The name is NUL-terminated.
    if (ok && bytes[at + nameBytes - 2] === 0 && bytes[at + nameBytes - 1] === 0) names.add(name);
  }
  return names;
}

export function compoundKind(bytes: Uint8Array): CompoundKind {
  const names = compoundEntryNames(bytes);
  if (names.has('EncryptionInfo') || names.has('EncryptedPackage')) return 'encrypted-ooxml';
  if (names.has('WordDocument')) return 'doc';
  if (names.has('Workbook') || names.has('Book')) return 'xls';
  if (names.has('PowerPoint Document')) return 'ppt';
  for (const n of names) if (n.startsWith('__substg1.0_') || n === '__properties_version1.0') return 'msg';
  return 'unknown';
}

/** The error for a compound file: we read none of them. */
export function compoundFileError(bytes: Uint8Array, fileName: string): FileError {
  const kind = compoundKind(bytes);
  const details = { kind: 'ole', container: kind };
  switch (kind) {
    case 'encrypted-ooxml':
      return new FileError('file/encrypted', fileName, 'the document is password-protected (an encrypted Office file); remove the password in Word and save it again, or save it as PDF', {
        details: { ...details, reason: 'password-required' },
      });
    case 'doc':
      return new FileError('file/unsupported', fileName, 'legacy Word 97–2003 documents (.doc) are not supported; save it as .docx or PDF', { details });
    case 'xls':
      return new FileError('file/unsupported', fileName, 'legacy Excel workbooks (.xls) are not supported; save it as PDF', { details });
    case 'ppt':
      return new FileError('file/unsupported', fileName, 'legacy PowerPoint presentations (.ppt) are not supported; save it as PDF', { details });
    case 'msg':
      return new FileError('file/unsupported', fileName, 'Outlook messages (.msg) are not supported; save the e-mail as PDF or HTML', { details });
    case 'unknown':
      // Named like an OOXML file but a compound file: most likely encrypted.
      if (['docx', 'docm', 'dotx', 'xlsx', 'pptx'].includes(extensionOf(fileName))) {
        return new FileError('file/encrypted', fileName, 'the document is password-protected or an old .doc file; remove the password, or save it as .docx or PDF', { details: { ...details, reason: 'password-required' } });
      }
      return new FileError('file/unsupported', fileName, 'this is an encrypted Office document or a legacy Office file (.doc/.xls/.ppt); save it as .docx or PDF without a password', { details });
  }
}
