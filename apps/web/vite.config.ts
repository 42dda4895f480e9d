import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Relative path, not '@keel/domain': Vite's config loader bundles relative files but hands package
// imports to Node, which cannot load the package's TypeScript source.
import { PRODUCT_NAME } from '../../packages/domain/src/product.ts';

/** The API server the dev server forwards to (`npm run dev -w apps/server` listens on 3000). */
const apiTarget = process.env.KEEL_API_URL ?? 'http://localhost:3000';

// Prefixes end in '/' where a page route shares the start: '/api' alone would also capture '/apply'.
const proxiedPrefixes = ['/api/', '/graphql', '/oauth/', '/userinfo/'];

/** Puts the product name into index.html so it is written in one place (packages/domain). */
function productNamePlugin(): Plugin {
  return {
    name: 'keel-product-name',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME),
  };
}

export default defineConfig({
  plugins: [react(), productNamePlugin()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
  },
});
