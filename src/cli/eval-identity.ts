/**
 * Document identity (titles and parties) against a QA file's annotations:
 *
 *   npm run eval:identity -- --docs DIR --qa FILE [--split train|validation] [--json OUT] [--verbose]
 *
 * Ingests the QA documents with the app's own pipeline (cached like npm run eval) and compares
 * each document's title and parties with `document_name` and `parties` (core/eval/identity-eval.ts),
 * and, for the evidence spans, both the section path of the passage holding each and the label a
 * quote of it is shown with against the clauses' own numbers (core/eval/section-eval.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeError } from '../core/errors';
import { evaluateIdentity, type IdentityCase } from '../core/eval/identity-eval';
import { parseQaFile, selectSplit } from '../core/eval/qa';
import { sectionPathAccuracy, type SectionCase } from '../core/eval/section-eval';
import { MemoryWorkspace } from '../store/memory';
import { ingestPaths } from './headless';

const { values } = parseArgs({
  options: {
    docs: { type: 'string' },
    qa: { type: 'string' },
    split: { type: 'string' },
    json: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'no-cache': { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  if (!values.docs || !values.qa) {
    console.error('usage: npm run eval:identity -- --docs DIR --qa FILE [--split NAME] [--json OUT] [--verbose] [--no-cache]');
    process.exit(2);
  }
  const docsDir = resolve(values.docs);
  const whole = parseQaFile(JSON.parse(await readFile(resolve(values.qa), 'utf8')));
  const qa = values.split ? selectSplit(whole, values.split) : whole;
  const paths = qa.docs.map((d) => resolve(docsDir, d.pdf ?? d.txt ?? ''));
  const workspace = new MemoryWorkspace();
  const reports = await ingestPaths(paths, docsDir, workspace, { cache: !values['no-cache'] });
  const cases: IdentityCase[] = [];
  qa.docs.forEach((doc, i) => {
    const record = reports.find((r) => resolve(docsDir, r.path) === paths[i])?.document;
    if (record) cases.push({ doc, title: record.title, identity: record.identity ?? null });
  });
  const r = evaluateIdentity(cases);
  const sectionCases: SectionCase[] = [];
  for (const item of qa.items) {
    const i = qa.docs.findIndex((d) => d.doc_id === item.doc_id);
    const record = reports.find((x) => resolve(docsDir, x.path) === paths[i])?.document;
    if (record && item.answerable) sectionCases.push({ item, chunks: [...(await workspace.chunks(record.id))].sort((a, b) => a.seq - b.seq) });
  }
  const sections = sectionPathAccuracy(sectionCases);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(`documents: ${r.documents}${values.split ? ` (split ${values.split})` : ''}`);
  console.log(`title: exact ${pct(r.title.exact)}, contained ${pct(r.title.contained)}, none ${pct(r.title.none)}`);
  console.log(`parties: recall ${pct(r.parties.recall)} of ${r.parties.annotated} annotated, precision ${pct(r.parties.precision)} of ${r.parties.extracted} extracted`);
  console.log(`defined names (short names and roles): recall ${pct(r.definedNames.recall)} of ${r.definedNames.annotated}`);
  console.log(`section labels, of ${sections.judged} evidence spans with a clause number to read (${sections.unjudged} without): the passage's path names it for ${pct(sections.passagePath.accuracy)}, the label shown for the span for ${pct(sections.label.accuracy)}`);
  if (values.verbose) for (const x of sections.examples) console.log(`  ${x.id.slice(0, 60)}: clause ${x.number} labelled [${x.label}], passage [${x.path}]`);
  if (values.verbose) for (const m of r.misses) console.log(`  ${m.docId.slice(0, 40)}: title [${m.title}] vs [${m.annotatedTitle}]; parties ${JSON.stringify(m.parties)} vs ${JSON.stringify(m.annotatedParties)}`);
  if (values.json) await writeFile(resolve(values.json), JSON.stringify({ qa: values.qa, docs: values.docs, split: values.split ?? null, ...r, sections }, null, 2));
}

main().catch((error: unknown) => {
  console.error(`eval:identity: ${describeError(error)}`);
  process.exit(1);
});
