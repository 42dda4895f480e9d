import { PRODUCT_NAME } from '@keel/domain';
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DataPrivacyPage } from './DataPrivacyPage';
import { DisclosuresPage } from './DisclosuresPage';
import type { LegalBlock, LegalDocument, LegalText } from './documents/legalDocument';
import { SAMPLE_NOTICE_TITLE } from './LegalDocumentArticle';
import { LegalPage } from './LegalPage';
import { sectionAnchor } from './legalAnchors';
import { LEGAL_PAGES, type LegalPageContent } from './legalPages';

const PAGES: { Page: ComponentType; content: LegalPageContent; anchors: string[] }[] = [
  {
    Page: LegalPage,
    content: LEGAL_PAGES.legal,
    anchors: ['privacy-policy', 'terms-of-service', 'e-sign-agreement'],
  },
  {
    Page: DisclosuresPage,
    content: LEGAL_PAGES.disclosures,
    anchors: [
      'deposit-account-agreement',
      'privacy-notice',
      'truth-in-savings',
      'debit-card-cardholder-agreement',
    ],
  },
  { Page: DataPrivacyPage, content: LEGAL_PAGES.dataPrivacy, anchors: ['data-privacy-notice'] },
];

afterEach(() => vi.restoreAllMocks());

describe.each(PAGES)('$content.path', ({ Page, content, anchors }) => {
  it('shows each document under its anchor, marked as a sample, with its dates', () => {
    renderWithProviders(<Page />, { route: content.path });

    expect(screen.getByRole('heading', { level: 1, name: content.title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(anchors.length);
    for (const anchor of anchors) {
      const article = document.getElementById(anchor);
      expect(article?.tagName).toBe('ARTICLE');
      const view = within(article as HTMLElement);
      expect(view.getByRole('heading', { level: 2 })).toBeInTheDocument();
      expect(view.getByRole('note')).toHaveTextContent(SAMPLE_NOTICE_TITLE);
      expect(article).toHaveTextContent(/Effective date: \w+ \d{1,2}, \d{4}/);
      expect(article).toHaveTextContent(/Last updated: \w+ \d{1,2}, \d{4}/);
    }
  });

  it('gives every section a heading under its own unique anchor', () => {
    renderWithProviders(<Page />, { route: content.path });

    const ids = content.documents.flatMap((doc) => [
      doc.id,
      ...doc.sections.map((s) => sectionAnchor(doc, s)),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const doc of content.documents) {
      expect(doc.sections.length).toBeGreaterThanOrEqual(5);
      for (const section of doc.sections) {
        const element = document.getElementById(sectionAnchor(doc, section));
        expect(element).not.toBeNull();
        expect(within(element as HTMLElement).getByRole('heading', { level: 3 })).toHaveTextContent(
          section.heading,
        );
      }
    }
  });

  it('links the table of contents to anchors on the page', () => {
    renderWithProviders(<Page />, { route: content.path });

    const links = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    const expected =
      content.documents.length > 1 ? content.documents.length : content.documents[0]?.sections.length;
    expect(links).toHaveLength(expected ?? 0);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href).toMatch(/^#/);
      expect(document.getElementById(href.slice(1))).not.toBeNull();
    }
  });

  it('names the tab and marks the current page in the legal navigation', () => {
    renderWithProviders(<Page />, { route: content.path });

    expect(document.title).toBe(`${content.title} · ${PRODUCT_NAME}`);
    const nav = screen.getByRole('navigation', { name: 'Legal pages' });
    expect(within(nav).getAllByRole('link')).toHaveLength(Object.keys(LEGAL_PAGES).length);
    expect(within(nav).getByRole('link', { name: content.title })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: `${PRODUCT_NAME} home` })).toHaveAttribute('href', '/');
  });
});

describe('links inside the documents', () => {
  const pages: LegalPageContent[] = Object.values(LEGAL_PAGES);
  const pageOf = new Map(pages.map((page) => [page.path, page]));

  it.each(pages)('lead from $path to existing pages and anchors', (page) => {
    for (const to of linkTargets(page.documents)) {
      if (to.startsWith('mailto:')) continue;
      const [path = '', hash] = to.split('#');
      const target = path === '' ? page : pageOf.get(path);
      expect(target, `${to} is a legal page`).toBeDefined();
      if (target && hash) expect(anchorsOf(target), `${to} names an anchor`).toContain(hash);
    }
  });
});

it('scrolls to the document a link names', () => {
  const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
  renderWithProviders(<DisclosuresPage />, { route: '/legal/disclosures#truth-in-savings' });

  expect(scrolled.mock.contexts).toContain(document.getElementById('truth-in-savings'));
});

function anchorsOf(page: LegalPageContent): string[] {
  return page.documents.flatMap((doc) => [doc.id, ...doc.sections.map((s) => sectionAnchor(doc, s))]);
}

function linkTargets(documents: readonly LegalDocument[]): string[] {
  const blocks = documents.flatMap((doc) => doc.sections.flatMap((section) => section.blocks));
  return blocks
    .flatMap(textsOf)
    .flatMap((text) =>
      typeof text === 'string' ? [] : text.flatMap((run) => (typeof run === 'string' ? [] : [run.to])),
    );
}

function textsOf(block: LegalBlock): LegalText[] {
  if (typeof block === 'string' || !('kind' in block)) return [block];
  if (block.kind === 'list') return [...block.items];
  if (block.kind === 'terms') return block.items.map((item) => item.text);
  return [];
}
