/** Sizes in bytes as each of the app's languages writes them (French: Go, Mo, Ko, o). */
import type { Table } from '../i18n/language';

export interface ByteUnits {
  readonly gb: string;
  readonly mb: string;
  readonly kb: string;
  readonly b: string;
  /** The decimal mark: "12.5 MB", « 12,5 Mo », „12,5 MB“. */
  readonly decimal: string;
}

export const BYTE_UNITS: Table<ByteUnits> = {
  en: { gb: 'GB', mb: 'MB', kb: 'KB', b: 'B', decimal: '.' },
  fr: { gb: 'Go', mb: 'Mo', kb: 'Ko', b: 'o', decimal: ',' },
  de: { gb: 'GB', mb: 'MB', kb: 'KB', b: 'B', decimal: ',' },
};

/** A number written with a point ("12.5", as `toFixed` writes it) in the language's decimal mark. */
export function withDecimal(n: string, u: Pick<ByteUnits, 'decimal'>): string {
  return u.decimal === '.' ? n : n.replace('.', u.decimal);
}

/** "1.23 GB", "450 MB", "12.5 MB", "3 KB", "12 B" (decimal units). */
export function formatBytes(n: number, u: ByteUnits): string {
  if (n >= 1e9) return `${withDecimal((n / 1e9).toFixed(2), u)} ${u.gb}`;
  if (n >= 1e6) return `${withDecimal((n / 1e6).toFixed(n >= 1e8 ? 0 : 1), u)} ${u.mb}`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} ${u.kb}`;
  return `${n} ${u.b}`;
}
