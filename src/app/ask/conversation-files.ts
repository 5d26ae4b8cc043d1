/**
 * A conversation as a file to download: Markdown or Word (src/export), named after its title.
 */
import type { TurnRecord } from '../../core/answer-types';
import { conversationToDocx } from '../../export/conversation-docx';
import { conversationToMarkdown } from '../../export/conversation-markdown';
import type { ExportLang } from '../../export/export-strings';

export type ExportFormat = 'markdown' | 'docx';

export interface ExportFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: Uint8Array;
}

const TYPES: Readonly<Record<ExportFormat, { readonly ext: string; readonly type: string }>> = {
  markdown: { ext: 'md', type: 'text/markdown' },
  docx: { ext: 'docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

/** A file name from a title: letters, digits, spaces and dashes kept, at most 80 characters. */
function exportFileName(title: string, format: ExportFormat): string {
  const base = title.normalize('NFC').replace(/[^\p{L}\p{N} _-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80).trim() || 'Conversation';
  return `${base}.${TYPES[format].ext}`;
}

export async function conversationFile(title: string, turns: readonly TurnRecord[], format: ExportFormat, exportedAt = new Date(), language: ExportLang = 'en'): Promise<ExportFile> {
  const conversation = { title, turns, exportedAt, language };
  const bytes = format === 'markdown' ? new TextEncoder().encode(conversationToMarkdown(conversation)) : await conversationToDocx(conversation);
  return { name: exportFileName(title, format), type: TYPES[format].type, bytes };
}
