/**
 * Offering category icons of the booking service (`icon` in the offerings answer: `service`, `tire`,
 * `repair`, `glass`, `wiper`, `wash`, `fluid`, `other`): small line drawings in `currentColor`, so the
 * booking island can inline them (its icon loader reads the SVG text) and colour them with the text.
 */
const PATHS: Record<string, string> = {
  service: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z',
  tire: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 6a4 4 0 1 1 0 8 4 4 0 0 1 0-8z',
  repair: 'M4 20l6-6m4-4l6-6M7 4l3 3-3 3-3-3zm10 10l3 3-3 3-3-3z',
  glass: 'M3 17c3-8 15-8 18 0M5 17h14',
  wiper: 'M4 18l14-12M16 4l4 4M3 20h6',
  wash: 'M12 3c3 4 5 7 5 10a5 5 0 0 1-10 0c0-3 2-6 5-10z',
  fluid: 'M8 3h8v4l2 3v11H6V10l2-3zM8 14h8',
  other: 'M5 12h.01M12 12h.01M19 12h.01',
};

export function categoryIconSvg(name: string): string | undefined {
  const path = PATHS[name];
  if (!path) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${path}"/></svg>`;
}
