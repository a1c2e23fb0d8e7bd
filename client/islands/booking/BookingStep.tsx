import { useEffect, useId, useRef, type ReactNode } from 'react';

interface BookingStepProps {
  number: number;
  title: string;
  /** What was chosen, shown on the collapsed row. */
  summary: string;
  open: boolean;
  /** A step not reached yet shows nothing. */
  reached: boolean;
  onOpen: () => void;
  reopenLabel: string;
  children: ReactNode;
}

/**
 * One step of the flow (part 2 §2.1): open, its heading and content; closed, a summary row that
 * reopens it. When a step opens because the shopper moved on, focus goes to its heading.
 */
export function BookingStep({
  number,
  title,
  summary,
  open,
  reached,
  onOpen,
  reopenLabel,
  children,
}: BookingStepProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current && document.documentElement.dataset.bookingReady === 'true') heading.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!reached) return null;
  if (!open) {
    // Named by what it shows, in reading order ('1. Registreringsnummer och plats, ABC123, Stockholm, Ändra'): the
    // visible text is the name (WCAG 2.5.3); booking.css adds stops for screen readers only between the parts.
    return (
      <section className="booking-step booking-step--closed">
        <h2 className="booking-step__row-heading">
          <button type="button" className="booking-step__row" onClick={onOpen}>
            <span className="booking-step__number">{number}</span>
            <span className="booking-step__title">{title}</span>
            {summary && <span className="booking-step__summary">{summary}</span>}
            <span className="booking-step__change">{reopenLabel}</span>
          </button>
        </h2>
      </section>
    );
  }
  return (
    <section className="booking-step booking-step--open" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="booking-step__heading">
        <span className="booking-step__number" aria-hidden="true">
          {number}
        </span>{' '}
        {title}
      </h2>
      {children}
    </section>
  );
}
