import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every link of the README and of docs/ leads somewhere: a relative target names an existing file or
 * folder (relative to the page, or to the repository root when it starts with '/'), its '#anchor'
 * names a heading of the target page (GitHub's slugs), and an http(s) or mailto address is well formed
 * (it is not fetched: the tests run offline). Links inside fenced code blocks and code spans are text.
 */

const repoRoot = resolve(import.meta.dirname, '../../..');

type Link = { target: string; line: number };

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The page's lines with fenced code blocks blanked (line numbers kept). */
function unfencedLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence) {
      if (marker?.startsWith(fence)) fence = null;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/** The page's lines outside code: fenced blocks blanked, code spans removed. */
function proseLines(text: string): string[] {
  return unfencedLines(text).map((line) => line.replace(/(`+)[^`]*?\1/g, ''));
}

const INLINE_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+["'(][^)]*)?\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;
const HTML_SOURCE = /<(?:img|a)\b[^>]*?\s(?:src|href)\s*=\s*["']([^"']+)["']/gi;

function linksOf(text: string): Link[] {
  return proseLines(text).flatMap((line, index) => {
    const targets = [
      ...[...line.matchAll(INLINE_LINK)].map((match) => match[1] ?? ''),
      ...[...line.matchAll(HTML_SOURCE)].map((match) => match[1] ?? ''),
      REFERENCE_DEFINITION.exec(line)?.[1],
    ].filter((target): target is string => target !== undefined && target !== '');
    return targets.map((target) => ({ target: target.replace(/^<(.*)>$/, '$1'), line: index + 1 }));
  });
}

/** GitHub's anchor for a heading: lower case, punctuation but '-' and '_' dropped, spaces to '-'. */
function headingSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page offers: its headings' slugs (repeats numbered as GitHub does) and HTML ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of unfencedLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = headingSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<[a-z]+\b[^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) {
      anchors.add(match[1] ?? '');
    }
  }
  return anchors;
}

function isWellFormedAddress(target: string): boolean {
  try {
    const url = new URL(target);
    if (url.protocol === 'mailto:') return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(url.pathname);
    return url.hostname.includes('.') || url.hostname === 'localhost';
  } catch {
    return false;
  }
}

/** Why a link of `page` is broken, or null when it leads somewhere. */
function brokenBecause(page: string, target: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https' || scheme === 'mailto') {
    return isWellFormedAddress(target) ? null : 'not a well-formed address';
  }
  if (scheme) return `the scheme '${scheme}:' is not a link a reader can follow`;
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = decodeURIComponent(pathPart.split('?')[0] ?? '');
  const base = path.startsWith('/') ? repoRoot : dirname(page);
  const file = path === '' ? page : resolve(base, path.replace(/^\/+/, ''));
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return 'no such file or folder';
  if (anchor === undefined || anchor === '') return null;
  const anchorPage = stat.isDirectory() ? join(file, 'README.md') : file;
  if (!anchorPage.endsWith('.md')) {
    return /^L\d+(-L\d+)?$/.test(anchor) ? null : `'#${anchor}' is not a line anchor of a source file`;
  }
  if (!statSync(anchorPage, { throwIfNoEntry: false }))
    return `'#${anchor}' points into a folder without a README.md`;
  return anchorsOf(readFileSync(anchorPage, 'utf8')).has(decodeURIComponent(anchor))
    ? null
    : `no heading '#${anchor}' in ${relative(repoRoot, anchorPage)}`;
}

function brokenLinksOf(page: string): string[] {
  const shown = relative(repoRoot, page);
  return linksOf(readFileSync(page, 'utf8')).flatMap(({ target, line }) => {
    const reason = brokenBecause(page, target);
    return reason ? [`${shown}:${line}: ${target} (${reason})`] : [];
  });
}

const pages = [join(repoRoot, 'README.md'), ...markdownFiles(join(repoRoot, 'docs'))];

describe('documentation links', () => {
  it.each(pages.map((page) => [relative(repoRoot, page), page]))(
    '%s: every link leads somewhere',
    (_, page) => {
      expect(brokenLinksOf(page)).toEqual([]);
    },
  );
});

describe('headingSlug', () => {
  it('follows GitHub: lower case, punctuation dropped but - and _, spaces to hyphens', () => {
    expect(headingSlug('Running in production')).toBe('running-in-production');
    expect(headingSlug("'Ask Keel AI' under load")).toBe('ask-keel-ai-under-load');
    expect(headingSlug('5. The ledger and its locking rule')).toBe('5-the-ledger-and-its-locking-rule');
    expect(headingSlug('`DB_POOL_SIZE` and the pool')).toBe('db_pool_size-and-the-pool');
    expect(headingSlug('Money: sandbox or Stripe')).toBe('money-sandbox-or-stripe');
  });
});
