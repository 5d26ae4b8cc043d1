/** A name or phrase in a language's quotation marks: “…” (English and the default), « … » (French), „…“ (German). */
export function quoted(text: string, language?: string | null): string {
  if (language === 'fr') return `« ${text} »`;
  if (language === 'de') return `„${text}“`;
  return `“${text}”`;
}
