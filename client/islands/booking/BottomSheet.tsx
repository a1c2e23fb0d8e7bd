import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';

/** The summary sheet on small screens (part 2 §2.1, §9): 72 px collapsed, 80 vh expanded, closed when dragged down more than 200 px. */
export const SHEET_COLLAPSED_PX = 72;
export const SHEET_EXPANDED_VH = 80;
export const SHEET_CLOSE_DRAG_PX = 200;
/** Dragging up this far opens it; a smaller move snaps back. */
const OPEN_DRAG_PX = 40;
/** Less than this is a tap, not a drag. */
const TAP_PX = 6;

/** Where a drag ends: down more than 200 px closes, up a little opens, anything else stays. */
export function sheetAfterDrag(expanded: boolean, dragY: number): boolean {
  if (expanded) return dragY <= SHEET_CLOSE_DRAG_PX;
  return dragY < -OPEN_DRAG_PX;
}

interface BottomSheetProps {
  title: string;
  openLabel: string;
  closeLabel: string;
  /** Shown in the collapsed bar next to the title (the total). */
  peek: ReactNode;
  children: ReactNode;
}

/**
 * A draggable bottom sheet whose bar is a real button (Enter or Space opens and closes it, Escape
 * closes it), with aria-expanded on it and the content hidden from everyone while collapsed.
 */
export function BottomSheet({ title, openLabel, closeLabel, peek, children }: BottomSheetProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  const drag = useRef<{ startY: number; startHeight: number; moved: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const suppressClick = useRef(false);

  useEffect(() => {
    if (!expanded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setExpanded(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [expanded]);

  const expandedPx = () => (window.innerHeight * SHEET_EXPANDED_VH) / 100;
  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    drag.current = { startY: event.clientY, startHeight: expanded ? expandedPx() : SHEET_COLLAPSED_PX, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const dy = event.clientY - current.startY;
    if (Math.abs(dy) >= TAP_PX) current.moved = true;
    if (current.moved) setDragHeight(Math.min(expandedPx(), Math.max(SHEET_COLLAPSED_PX, current.startHeight - dy)));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    drag.current = null;
    setDragHeight(null);
    if (!current?.moved) return;
    suppressClick.current = true;
    setExpanded(sheetAfterDrag(expanded, event.clientY - current.startY));
  };

  return (
    <aside
      className={`booking-sheet${expanded ? ' is-expanded' : ''}${dragHeight !== null ? ' is-dragging' : ''}`}
      aria-labelledby={`${id}-title`}
      style={dragHeight !== null ? { height: `${dragHeight}px` } : undefined}
      data-sheet={expanded ? 'expanded' : 'collapsed'}
    >
      <button
        ref={button}
        type="button"
        className="booking-sheet__bar"
        aria-expanded={expanded}
        aria-controls={`${id}-content`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setDragHeight(null);
        }}
        onClick={() => {
          if (suppressClick.current) {
            suppressClick.current = false;
            return;
          }
          setExpanded((open) => !open);
        }}
      >
        <span className="booking-sheet__handle" aria-hidden="true" />
        <span id={`${id}-title`} className="booking-sheet__title">
          {title}
        </span>
        <span className="booking-sheet__peek">{peek}</span>
        <span className="visually-hidden">{expanded ? closeLabel : openLabel}</span>
      </button>
      <div id={`${id}-content`} className="booking-sheet__content" hidden={!expanded && dragHeight === null}>
        {children}
      </div>
    </aside>
  );
}
