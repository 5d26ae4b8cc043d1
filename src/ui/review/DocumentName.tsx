/**
 * A document in the Review view as lawyers name it, its title and parties ("Outsourcing Agreement —
 * WYZZ / Nexstar Broadcasting"), the file name kept for screen readers and the tooltip; the file
 * name alone when the document has no title.
 */
export function DocumentName({ name, label }: { name: string; label: string | null }) {
  if (!label || label === name) return <span className="doc-name">{name}</span>;
  return (
    <span className="doc-name" title={name}>
      {label}
      <span className="visually-hidden"> ({name})</span>
    </span>
  );
}
