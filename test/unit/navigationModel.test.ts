import type { NavigationItem } from '../../contracts/upstream/content.js';
import { navigationFor, type NavEntry } from '../../views/layout/navigationModel.js';

const item = (
  id: string,
  path: string,
  children: NavigationItem[] = [],
  extra: Partial<NavigationItem> = {},
): NavigationItem => ({
  id,
  name: `Name ${id}`,
  url: { path },
  navigationTitle: null,
  hideInNavigation: false,
  externalLink: null,
  published: true,
  children,
  ...extra,
});

const TREE = [
  item('buy', '/kop-bil', [
    item('finance', '/kop-bil/finansiering', [item('loan', '/kop-bil/finansiering/billan')]),
    item('campaigns', '/kop-bil/kampanjer'),
  ]),
  item('about', '/om-oss', [
    item('press', '/om-oss/press', [], { hideInNavigation: true }),
    item('careers', 'https://jobs.example/', [], { externalLink: 'https://jobs.example/' }),
  ]),
];

const selectedIds = (entries: NavEntry[]): string[] =>
  entries.flatMap((e) => [...(e.selected ? [e.id] : []), ...selectedIds(e.children)]);

describe('navigationFor', () => {
  it('marks the current page and all its ancestors selected, and only the page itself current', () => {
    const entries = navigationFor(TREE, '/kop-bil/finansiering/billan');
    expect(selectedIds(entries)).toEqual(['buy', 'finance', 'loan']);
    expect(entries[0]!.current).toBe(false);
    expect(entries[0]!.children[0]!.children[0]!.current).toBe(true);
  });

  it('selects nothing when no item matches', () => {
    expect(selectedIds(navigationFor(TREE, '/finns-inte'))).toEqual([]);
  });

  it('ignores a trailing slash when matching', () => {
    expect(selectedIds(navigationFor(TREE, '/kop-bil/kampanjer/'))).toEqual(['buy', 'campaigns']);
  });

  it('leaves hidden items out of the menu but still selects their ancestors', () => {
    const entries = navigationFor(TREE, '/om-oss/press');
    expect(entries[1]!.children.map((c) => c.id)).toEqual(['careers']);
    expect(selectedIds(entries)).toEqual(['about']);
  });

  it('links external items to their absolute URL, marks them and never selects them', () => {
    const careers = navigationFor(TREE, 'https://jobs.example/')[1]!.children[0]!;
    expect(careers).toMatchObject({ href: 'https://jobs.example/', external: true, selected: false });
  });

  it('prefers the shorter navigation title as label', () => {
    const [entry] = navigationFor([item('x', '/x', [], { navigationTitle: 'Short' })], '/');
    expect(entry!.label).toBe('Short');
  });
});
