import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_FILES_WITH_MODULE_MOCKS } from './filesWithModuleMocks';

const webRoot = join(import.meta.dirname, '../..');

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(webRoot, path)] : [];
  });
}

describe('web test files that mock modules', () => {
  it('are exactly the ones run isolated (the web-mocks project)', () => {
    const mocking = testFiles(join(webRoot, 'src'))
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(webRoot, file), 'utf8')))
      .sort();
    expect(mocking).toEqual([...WEB_FILES_WITH_MODULE_MOCKS].sort());
  });
});
