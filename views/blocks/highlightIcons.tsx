/** The icons a highlight list names (24×24 outline paths); an unknown name gets the check mark. */
const ICON_PATHS: Record<string, string> = {
  truck: 'M3 6h11v9H3zM14 9h4l3 3v3h-7zM7 18.5a1.5 1.5 0 1 0 0-.01M17 18.5a1.5 1.5 0 1 0 0-.01',
  refresh: 'M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  swap: 'M4 8h14M14 4l4 4-4 4M20 16H6M10 12l-4 4 4 4',
  check: 'M5 12.5l4.5 4.5L19 7.5',
};

export function HighlightIcon({ name }: { name: string }) {
  return (
    <svg className="highlight__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        d={ICON_PATHS[name] ?? ICON_PATHS.check}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
