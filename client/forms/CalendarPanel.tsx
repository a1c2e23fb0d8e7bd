import { DayPicker, type DayPickerLocale } from 'react-day-picker';
import 'react-day-picker/style.css';

/** The calendar of DatePopupField, in its own chunk (with its stylesheet) loaded when the popup first opens. */
export default function CalendarPanel({
  selected,
  onSelect,
  disabledBefore,
  locale,
}: {
  selected: Date | undefined;
  onSelect: (day: Date | undefined) => void;
  disabledBefore: Date;
  locale: Partial<DayPickerLocale>;
}) {
  return (
    <DayPicker
      mode="single"
      autoFocus
      required={false}
      selected={selected}
      onSelect={onSelect}
      defaultMonth={selected ?? disabledBefore}
      startMonth={disabledBefore}
      disabled={{ before: disabledBefore }}
      locale={locale}
      weekStartsOn={1}
    />
  );
}
