import { jest } from '@jest/globals';
import request from 'supertest';
import { marketById } from '../../markets/registry.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { CONTENT_SANDBOX_PREVIEW_TOKEN } from '../../contracts/upstream/content.js';
import { sharedStackForThisFile } from '../support/slotStacks.js';

jest.setTimeout(30_000);

const harness = sharedStackForThisFile();

const sweden = marketById('se');
const t = translator('sv');
const get = (path: string) => request(harness.bff.app).get(path).set('Host', sweden.devHostname);
/** The sandbox's draft blurb on the home page and its draft navigation item (Hållbarhetsrapport). */
const DRAFT_BLURB = 'Kommande kampanj (utkast)';
type NavItem = { url: { path: string }; published: boolean; children: NavItem[] };
/** The link to the draft page in the navigation only an editor sees. */
const draftNavigationLink = async () => {
  const preview = (await (
    await fetch(`${harness.sandbox.url}/content/se/navigation?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`)
  ).json()) as { items: NavItem[] };
  const all = (items: NavItem[]): NavItem[] => items.flatMap((i) => [i, ...all(i.children)]);
  return `href="${all(preview.items).find((i) => !i.published)!.url.path}"`;
};
const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

describe('editing mode for content editors', () => {
  it('shows the draft blurb with editable fields marked, privately and unindexed, with a preview token', async () => {
    const res = await get(`/?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(DRAFT_BLURB);
    expect(res.text).toContain(await draftNavigationLink());
    expect(res.text).toContain(`<h2 data-edit-field="title">${DRAFT_BLURB}</h2>`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
  });

  it('keeps editing mode while the editor navigates, through an HttpOnly session cookie', async () => {
    const first = await get(`/?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`);
    const cookie = first.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/^content_preview=sandbox-preview; Path=\/; HttpOnly; SameSite=Lax$/);
    const next = await get(sweden.paths.stories).set('Cookie', cookie.split(';')[0]!);
    expect(next.status).toBe(200);
    expect(next.text).toMatch(/<nav class="breadcrumbs"[^>]* data-edit-field="breadcrumbs"/);
    expect(next.text).toMatch(/<li aria-current="page" data-edit-field="name">/);
    expect(next.headers['cache-control']).toBe('private, no-store');
  });

  it('tells the editor they are in editing mode, and leaving it drops the cookie and lands on the published page', async () => {
    const editing = await get(`/?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`);
    expect(editing.text).toContain(escapeHtml(t('seo.editingBanner')));
    const cookie = editing.headers['set-cookie']![0]!.split(';')[0]!;
    const leave = await get(`${sweden.paths.stories}?endPreview=1&tag=x`).set('Cookie', cookie);
    expect(leave.status).toBe(303);
    expect(leave.headers.location).toBe(`${sweden.paths.stories}?tag=x`);
    expect(leave.headers['set-cookie']![0]).toMatch(/^content_preview=; Path=\/; Expires=Thu, 01 Jan 1970/);
    const published = await get('/');
    expect(published.text).not.toContain(escapeHtml(t('seo.editingBanner')));
  });

  it('shows neither drafts nor markers without a token, even right after an editor previewed (no shared cache holds drafts)', async () => {
    await get(`/?preview=${CONTENT_SANDBOX_PREVIEW_TOKEN}`);
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.text.includes(DRAFT_BLURB)).toBe(false);
    expect(res.text.includes(await draftNavigationLink())).toBe(false);
    expect(res.text.includes('data-edit-field')).toBe(false);
    expect(res.headers['cache-control'] ?? '').not.toContain('no-store');
  });

  it('answers a wrong token with 401 and a page saying so, linking to the published page, and forgets the token', async () => {
    const res = await get(`${sweden.paths.stories}?preview=wrong-token&tag=nyheter&utm_source=cms`);
    expect(res.status).toBe(401);
    expect(res.text).toContain(escapeHtml(t('seo.previewRejectedTitle')));
    // The page's own parameters, as a cached page has them: a campaign tag is not carried on.
    expect(res.text).toContain(
      `<a href="${sweden.paths.stories}?tag=nyheter">${escapeHtml(t('seo.previewRejectedLink'))}</a>`,
    );
    expect(res.text).not.toContain('data-edit-field');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['set-cookie']![0]).toMatch(/^content_preview=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });
});
