import { it } from 'vitest';
import { chunkPages } from '../../../../src/core/ingest/chunker';
import { buildDoc } from './gen';
it('dbg2', () => {
  const b = buildDoc({"blocks":[{"t":"sub","sentence":{"len":3,"seed":-1560160070}},{"t":"heading","kind":"num2","titled":false},{"t":"sub","sentence":{"len":6,"seed":0}},{"t":"para","sentences":[{"len":5,"seed":-438767251}]}],"breaks":[],"firstPage":1,"seed":0} as any);
  console.log(JSON.stringify(b.pages), JSON.stringify(b.sentences.map(s=>[s.start,s.end,s.tokens,s.lead])), b.trailing, JSON.stringify(b.headings));
  for (const c of chunkPages(b.pages, {minTokens:20,targetTokens:20,maxTokens:40})) console.log(c.pageStart, c.charStart, c.pageEnd, c.charEnd, c.tokens, JSON.stringify(c.text), JSON.stringify(c.sectionPath));
});
