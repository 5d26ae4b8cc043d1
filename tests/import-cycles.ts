/**
 * The import-cycle check of `npm run lint`: no module of src/ or workers/ may reach itself
 * through its imports. Every import counts — `import type`, `export … from` and dynamic
 * `import()` included — since a circle of type-only imports is still a circle of contracts
 * (the fix is to move the shared declarations down: core/types.ts, core/search-types.ts,
 * core/answer-types.ts, a small types module beside the files that share them). Resolution is
 * TypeScript's own (bundler mode, as the tsconfigs); packages are not followed.
 * Run: npx tsx tests/import-cycles.ts [folder...]   (default: src workers; exit code 1 on a cycle)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const folders = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'workers'];
const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const cache = ts.createModuleResolutionCache(root, (name) => name, options);

const files = folders.flatMap((folder) => sourceFiles(resolve(root, folder)));
const known = new Set(files);
/** Each file's imports among the checked files (module specifiers resolved to absolute paths). */
const graph = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const deps = new Set<string>();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys, cache).resolvedModule;
    const target = resolved ? resolve(resolved.resolvedFileName) : null;
    if (target && known.has(target)) deps.add(target);
  }
  graph.set(file, [...deps]);
}

/** Tarjan's strongly connected components: every group of files that import each other round. */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(file, Math.min(low.get(file)!, index.get(dep)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** One shortest way round a group, from its first file back to it (breadth-first inside the group). */
function shortestCircle(group: readonly string[]): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    for (const dep of graph.get(file) ?? []) {
      if (!members.has(dep)) continue;
      if (dep === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(from.get(path[0]!)!);
        return [...path, start];
      }
      if (!from.has(dep)) {
        from.set(dep, file);
        queue.push(dep);
      }
    }
  }
  return [start, start];
}

const found = circles();
const name = (file: string): string => relative(root, file).split('\\').join('/');
if (found.length === 0) {
  console.log(`import cycles: none in ${folders.join(', ')} (${files.length} files)`);
} else {
  console.error(`import cycles: ${found.length} group(s) of files import each other round (${folders.join(', ')}):`);
  for (const group of found) {
    console.error(`  ${shortestCircle(group).map(name).join(' -> ')}`);
    if (group.length > 2) console.error(`    the group: ${group.map(name).join(', ')}`);
  }
  process.exitCode = 1;
}
