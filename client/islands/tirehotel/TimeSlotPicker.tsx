import { clockOf } from './timeSlots.js';

interface TimeSlotPickerProps {
  legend: string;
  /** Start times of the chosen day, deduplicated and sorted. */
  slots: readonly string[];
  selected: string | null;
  onSelect: (startTime: string) => void;
  name: string;
}

/** The day's start times as one radio group (arrow keys move within it), shown in 3 columns as HH:mm (part 2 §9). */
export function TimeSlotPicker({ legend, slots, selected, onSelect, name }: TimeSlotPickerProps) {
  return (
    <fieldset className="tirehotel__slots">
      <legend>{legend}</legend>
      <div className="tirehotel__slot-grid">
        {slots.map((start) => (
          <label key={start} className="tirehotel__slot">
            <input
              type="radio"
              name={name}
              value={start}
              checked={selected === start}
              onChange={() => onSelect(start)}
            />
            <span>{clockOf(start)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
