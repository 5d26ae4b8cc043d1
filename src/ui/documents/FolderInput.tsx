import type { RefObject } from 'react';

/**
 * The hidden folder input (`webkitdirectory`): the fallback where the File System Access picker
 * is missing, clicked through `inputRef`. Out of the tab order; the chosen files go to `onFiles`
 * and the input is cleared so the same folder can be chosen again.
 */
export function FolderInput({ inputRef, label, testId, onFiles }: { inputRef: RefObject<HTMLInputElement | null>; label: string; testId: string; onFiles: (files: File[]) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      className="visually-hidden"
      tabIndex={-1}
      aria-label={label}
      data-testid={testId}
      webkitdirectory=""
      multiple
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
