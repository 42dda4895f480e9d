/**
 * `npm run build -w apps/server`: bundles the server's two entry points, src/main.ts (the server) and
 * src/migrate.ts (`npm run migrate`), into dist/ as ES modules for Node 20, with source maps. The
 * workspace's @keel/domain is TypeScript source and is bundled; every npm package stays external and
 * is loaded from node_modules at run time (PGlite, pdfkit and others read files beside their own code).
 *
 * dist/main.js sits as deep in the repository as src/main.ts, so config.ts's paths from its own file
 * (the repository root, the built web app) hold; the migrations are copied beside the bundle, where
 * db/client.ts looks for them.
 */
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
// Built beside dist, then swapped in: a server running from dist never sees it half written.
const next = join(root, 'dist-next');
const previous = join(root, 'dist-previous');

/** Bare imports are packages: external, except this repository's own workspaces. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@keel/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
rmSync(next, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', migrate: 'src/migrate.ts' },
  outdir: next,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces name the source files; the bundle is read by Node, not people.
  minify: false,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(join(root, 'src/db/migrations'), join(next, 'migrations'), { recursive: true });
rmSync(previous, { recursive: true, force: true });
if (existsSync(dist)) renameSync(dist, previous);
renameSync(next, dist);
rmSync(previous, { recursive: true, force: true });
console.log(`Built the server into ${dist} in ${Math.round(performance.now() - started)} ms`);
