import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * How the server's files may import each other (docs/architecture.md §2): the
 * ledger's sub-areas are reached through their index only, the ledger's shared internals only from
 * inside the ledger, providers depend on their own interfaces and never on the modules that use them, a
 * vendor adapter never borrows from a sandbox, and no file imports itself back through a circle. Read
 * from the source text, so it holds for type imports too.
 */

const serverRoot = resolve(import.meta.dirname, '..');
const ledgerRoot = join(serverRoot, 'src/modules/ledger');
const modulesRoot = join(serverRoot, 'src/modules');
const providersRoot = join(serverRoot, 'src/providers');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\b[^'";]*?['"](\.{1,2}\/[^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
    const base = resolve(dirname(file), match[1] ?? '');
    const target = [`${base}.ts`, join(base, 'index.ts'), base].find(
      (path) => path.endsWith('.ts') && statSync(path, { throwIfNoEntry: false })?.isFile(),
    );
    return target ? [target] : [];
  });
}

const files = [...sourceFiles(join(serverRoot, 'src')), ...sourceFiles(join(serverRoot, 'test'))];
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const shown = (file: string) => relative(serverRoot, file);

/** The ledger sub-area folder a file is in ('accounts', 'shared', ...), or null outside the ledger. */
function ledgerAreaOf(file: string): string | null {
  const path = relative(ledgerRoot, file);
  if (path.startsWith('..')) return null;
  const [area, ...rest] = path.split('/');
  return rest.length > 0 ? (area ?? null) : null;
}

const isUnder = (folder: string, file: string) => !relative(folder, file).startsWith('..');

/** The provider kind folder a file is in ('banking', 'aggregators', ...), or null outside one. */
function providerKindOf(file: string): string | null {
  const [kind, ...rest] = relative(providersRoot, file).split('/');
  return isUnder(providersRoot, file) && rest.length > 0 ? (kind ?? null) : null;
}

const isSandbox = (file: string) => /^sandbox.*\.ts$/.test(basename(file)) && !file.endsWith('.test.ts');

/**
 * Who may import a provider's sandbox: the factory that picks it (create.ts), tests, and the same
 * provider's other sandbox files. A vendor adapter (increase.ts, plaid.ts, stripe.ts, ...) or another
 * provider shares code with a sandbox through a file of its own, named for what it is.
 */
function mayImportSandbox(file: string, sandbox: string): boolean {
  if (file === join(providersRoot, 'create.ts') || file.endsWith('.test.ts')) return true;
  return isSandbox(file) && providerKindOf(file) === providerKindOf(sandbox);
}

describe('module boundaries', () => {
  it('reaches a ledger sub-area through its index, and the shared internals only from inside the ledger', () => {
    const breaches = [...graph].flatMap(([file, targets]) =>
      targets.flatMap((target) => {
        const area = ledgerAreaOf(target);
        if (area === null || area === ledgerAreaOf(file)) return [];
        const allowed =
          area === 'shared'
            ? !relative(ledgerRoot, file).startsWith('..')
            : target === join(ledgerRoot, area, 'index.ts');
        return allowed ? [] : [`${shown(file)} -> ${shown(target)}`];
      }),
    );
    expect(breaches).toEqual([]);
  });

  it('keeps providers free of the modules that use them', () => {
    const breaches = [...graph].flatMap(([file, targets]) =>
      isUnder(providersRoot, file)
        ? targets
            .filter((target) => isUnder(modulesRoot, target))
            .map((target) => `${shown(file)} -> ${shown(target)}`)
        : [],
    );
    expect(breaches).toEqual([]);
  });

  it("lets only the provider factory, tests and the provider's own sandbox files import its sandbox", () => {
    const breaches = [...graph].flatMap(([file, targets]) =>
      isUnder(providersRoot, file)
        ? targets
            .filter(
              (target) =>
                isSandbox(target) && providerKindOf(target) !== null && !mayImportSandbox(file, target),
            )
            .map((target) => `${shown(file)} -> ${shown(target)}`)
        : [],
    );
    expect(breaches).toEqual([]);
  });

  it('has no import circles', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) {
        if (state.get(target) === 'open') {
          circles.push([...path.slice(path.indexOf(target)), target].map(shown).join(' -> '));
        } else if (!state.has(target)) {
          visit(target, [...path, target]);
        }
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    expect(circles).toEqual([]);
  });
});
