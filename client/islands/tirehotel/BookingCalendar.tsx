import { DayPicker } from 'react-day-picker';
import { sv } from 'react-day-picker/locale/sv';
import { useMemo } from 'react';
import { dayDate, isoDay, monthLimits, unavailableDay } from './calendarRules.js';

interface BookingCalendarProps {
  /** Free days, `YYYY-MM-DD`. */
  days: readonly string[];
  selected: string | null;
  onSelect: (day: string) => void;
  /** The calendar's name for assistive technology ('Välj datum'). */
  label: string;
  today: Date;
}

/**
 * The booking calendar (part 2 §5.3, §9) on react-day-picker: Swedish, weeks from Monday, always
 * six weeks (42 cells), only free days selectable, months from the current one to the month of the
 * last free day. Its grid is keyboard-operable (arrows, Home/End, PageUp/PageDown, Enter).
 */
export function BookingCalendar({ days, selected, onSelect, label, today }: BookingCalendarProps) {
  const limits = useMemo(() => monthLimits(today, days), [today, days]);
  const disabled = useMemo(() => unavailableDay(days), [days]);
  return (
    <DayPicker
      className="tirehotel__calendar"
      aria-label={label}
      mode="single"
      required
      locale={sv}
      weekStartsOn={1}
      fixedWeeks
      showOutsideDays
      startMonth={limits.startMonth}
      endMonth={limits.endMonth}
      defaultMonth={selected ? dayDate(selected) : limits.firstMonth}
      disabled={disabled}
      selected={selected ? dayDate(selected) : undefined}
      onSelect={(date) => date && onSelect(isoDay(date))}
    />
  );
}
