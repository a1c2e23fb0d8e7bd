import { usePage } from '../PageContext.js';
import type { NavEntry } from './navigationModel.js';

/** One menu link: current page announced, selected section styled, external links opened safely. */
export function NavLink({ entry, className }: { entry: NavEntry; className?: string }) {
  const { t } = usePage();
  const classes = [className, entry.selected ? 'is-selected' : undefined].filter(Boolean).join(' ') || undefined;
  if (entry.external) {
    return (
      <a className={classes} href={entry.href} target="_blank" rel="noopener noreferrer">
        {entry.label} <span className="visually-hidden">{t('layout.opensInNewWindow')}</span>
      </a>
    );
  }
  return (
    <a className={classes} href={entry.href} aria-current={entry.current ? 'page' : undefined}>
      {entry.label}
    </a>
  );
}
