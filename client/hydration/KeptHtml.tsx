import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Whether the island around is being hydrated: true from its hydrateRoot until React has committed it
 * (client/islands/hydrateIslands.ts provides it). A ref, not a value: reading it re-renders nothing.
 */
export const HydratingIsland = createContext<{ readonly current: boolean }>({ current: false });

const KEPT = { __html: '' };

/**
 * Server-rendered content that needs no script, kept as the server wrote it when its island hydrates: React
 * neither walks nor re-renders what is inside (an element with `dangerouslySetInnerHTML` is hydrated without
 * its children, and an unchanged `__html` is never written), so a card list costs hydration only its buttons.
 * On the server, and wherever it is mounted after hydration (a new list), it renders `children`. What is inside
 * must depend only on what the caller keys the element by (a card's car), as it is never updated once kept.
 */
export function KeptHtml({ className, children }: { className: string; children: ReactNode }) {
  const hydrating = useContext(HydratingIsland);
  const [kept] = useState(() => hydrating.current);
  return kept ? (
    <div className={className} suppressHydrationWarning dangerouslySetInnerHTML={KEPT} />
  ) : (
    <div className={className}>{children}</div>
  );
}
