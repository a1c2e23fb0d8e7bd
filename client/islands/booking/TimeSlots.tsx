import { useEffect, useId, useMemo, useState } from 'react';
import type { TimeslotDay, Workshop } from '../../../contracts/upstream/mechmate.js';
import { bookingApi } from './bookingApi.js';
import type { BookingTexts } from './bookingTexts.js';
import { formatSlot } from './formatBooking.js';
import { FULL_DAY_TIME, groupWeeks, slotOf, todayMidnight, WEEKS_PER_PAGE } from './timeslotWeeks.js';
import { fillText } from '../../../markets/translations/plural.js';

interface Slot {
  timeSlot: string;
  isFullDay: boolean;
}

interface TimeSlotsProps {
  regNo: string;
  workshop: Workshop;
  offerings: string[];
  value: Slot | null;
  onChange: (slot: Slot) => void;
  texts: BookingTexts;
  locale: string;
}

/** The workshop's free times (part 2 §2.1, §9): a pager of 4 weeks, the chosen week's days, each day's times and the full-day choice. */
export function TimeSlots({ regNo, workshop, offerings, value, onChange, texts, locale }: TimeSlotsProps) {
  const id = useId();
  const [answer, setAnswer] = useState<{ key: string; days: TimeslotDay[] } | null>(null);
  const [page, setPage] = useState(0);
  const [weekIndex, setWeekIndex] = useState(0);
  const offeringKey = offerings.join(',');
  const key = `${regNo}|${workshop.departmentId}|${offeringKey}`;
  useEffect(() => {
    const abort = new AbortController();
    bookingApi
      .timeslots(regNo, workshop.departmentId, todayMidnight(), offeringKey.split(','), abort.signal)
      // An empty list on failure (§7).
      .then((result) => setAnswer({ key, days: result.ok ? result.value : [] }))
      .catch(() => undefined);
    return () => abort.abort();
  }, [regNo, workshop.departmentId, offeringKey, key]);
  const days = answer?.key === key ? answer.days : null;

  const weeks = useMemo(() => groupWeeks(days ?? []), [days]);
  if (days === null)
    return (
      <p className="booking-muted" role="status">
        {texts['booking.loadingTimes']}
      </p>
    );
  const pageWeeks = weeks.slice(page * WEEKS_PER_PAGE, (page + 1) * WEEKS_PER_PAGE);
  const week = pageWeeks[weekIndex] ?? pageWeeks[0];
  const lastPage = (page + 1) * WEEKS_PER_PAGE >= weeks.length;
  const goToPage = (next: number) => {
    setPage(next);
    setWeekIndex(0);
  };
  const radio = (slot: Slot, label: string, dayLabel: string) => {
    const key = `${slot.timeSlot}|${slot.isFullDay ? 'full' : 'part'}`;
    return (
      <label key={key} className={slot.isFullDay ? 'slot slot--full-day' : 'slot'}>
        <input
          type="radio"
          name={`${id}-slot`}
          value={key}
          checked={value?.timeSlot === slot.timeSlot && value.isFullDay === slot.isFullDay}
          onChange={() => onChange(slot)}
        />
        <span>
          <span className="visually-hidden">{dayLabel} </span>
          {label}
        </span>
      </label>
    );
  };

  return (
    <section className="timeslots" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{texts['booking.timesTitle']}</h3>
      {weeks.length === 0 ? (
        <p>{texts['booking.noTimes']}</p>
      ) : (
        <>
          <div className="timeslots__pager">
            <button
              type="button"
              className="booking-button booking-button--secondary"
              disabled={page === 0}
              onClick={() => goToPage(page - 1)}
            >
              {texts['booking.previousWeeks']}
            </button>
            <ul className="timeslots__weeks" aria-label={texts['booking.weeksLabel']}>
              {pageWeeks.map((w, i) => (
                <li key={w.monday}>
                  <button
                    type="button"
                    className="timeslots__week"
                    aria-pressed={w === week}
                    onClick={() => setWeekIndex(i)}
                  >
                    {fillText(texts['booking.weekLabel'], { week: w.week })}
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="booking-button booking-button--secondary"
              disabled={lastPage}
              onClick={() => goToPage(page + 1)}
            >
              {texts['booking.nextWeeks']}
            </button>
          </div>
          {week && (
            <fieldset className="timeslots__days">
              <legend>{fillText(texts['booking.weekLabel'], { week: week.week })}</legend>
              {week.days.map((day) => (
                <div key={day.date} className="slot-day">
                  <h4 className="slot-day__date">{formatSlot(day.date, locale, false)}</h4>
                  {day.availableSlots.length === 0 && !day.allDaySlotAvailable ? (
                    <p className="booking-muted">{texts['booking.dayFull']}</p>
                  ) : (
                    <div className="slot-day__slots">
                      {day.allDaySlotAvailable &&
                        radio(
                          { timeSlot: slotOf(day, FULL_DAY_TIME), isFullDay: true },
                          texts['booking.fullDay'],
                          formatSlot(day.date, locale, false),
                        )}
                      {day.availableSlots.map((time) =>
                        radio(
                          { timeSlot: slotOf(day, time), isFullDay: false },
                          time,
                          formatSlot(day.date, locale, false),
                        ),
                      )}
                    </div>
                  )}
                </div>
              ))}
            </fieldset>
          )}
        </>
      )}
    </section>
  );
}
