import { readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Each run gets a fresh database under the temp dir; remove those of earlier runs (older than an hour). */
export default function removeOldE2eDatabases() {
  const cutoff = Date.now() - 60 * 60_000;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('keel-e2e-')) continue;
    const path = join(tmpdir(), name);
    try {
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}
