import { useCombobox } from 'downshift';
import { useEffect, useRef, useState } from 'react';
import type { Place } from '../../../contracts/upstream/maps.js';
import type { AutocompleteResponse } from '../../../contracts/upstream/maps.js';
import { useTypedBeforeWake } from '../../forms/useTypedBeforeWake.js';
/** The calls (and the contracts' zod schemas they check answers with) load on first use, not with the page. */
const places = () => import('./bookingApi.js').then((module) => module.placesApi);

/** Swedish places as the shopper types, 300 ms after the last key (part 2 §5.1, §9). */
export const PLACE_DEBOUNCE_MS = 300;

type Prediction = AutocompleteResponse['predictions'][number];

interface PlaceComboboxProps {
  label: string;
  placeholder: string;
  noResults: string;
  value: Place | null;
  onChange: (place: Place | null) => void;
}

/** The place search: downshift's ARIA combobox over /api/places (autocomplete, then the chosen place's details). */
export function PlaceCombobox({ label, placeholder, noResults, value, onChange }: PlaceComboboxProps) {
  const [predictions, setPredictions] = useState<Prediction[]>([]);
  const [searched, setSearched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = useRef<AbortController>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const lookUp = (input: string) => {
    clearTimeout(timer.current);
    search.current?.abort();
    if (input.trim() === '') {
      setPredictions([]);
      setSearched(false);
      return;
    }
    timer.current = setTimeout(() => {
      const abort = new AbortController();
      search.current = abort;
      places()
        .then((api) => api.autocomplete(input.trim(), abort.signal))
        .then((answer) => {
          setPredictions(answer.ok ? answer.value.predictions : []);
          setSearched(true);
        })
        .catch(() => undefined);
    }, PLACE_DEBOUNCE_MS);
  };

  // Downshift owns the text (a controlled value loses keys typed between renders); only a place set from
  // elsewhere (the stored one, 'Använd min plats', ?lat&lng) is written into it.
  const combobox = useCombobox<Prediction>({
    items: predictions,
    initialInputValue: value?.name ?? '',
    itemToString: (item) => item?.name ?? '',
    onInputValueChange: ({ inputValue: next, type }) => {
      if (type !== useCombobox.stateChangeTypes.InputChange) return;
      if (value) onChange(null);
      lookUp(next);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      places()
        .then((api) => api.details(selectedItem.placeId))
        .then((answer) => answer.ok && onChange(answer.value))
        .catch(() => undefined);
    },
  });
  const { setInputValue, inputValue } = combobox;
  useEffect(() => {
    if (value) setInputValue(value.name);
  }, [value, setInputValue]);
  // A place typed before the island woke: kept, and looked up as if typed now (a place set from elsewhere wins).
  const field = useTypedBeforeWake((typed) => {
    if (value) return;
    setInputValue(typed);
    lookUp(typed);
  });
  const showNoResults = combobox.isOpen && searched && predictions.length === 0 && inputValue.trim() !== '';
  // Downshift writes aria-activedescendant="" while no option is highlighted: an empty ID reference is
  // invalid HTML (the Nu checker's error), so the attribute is left out until an option is active.
  const { 'aria-activedescendant': activeDescendant, ...inputProps } = combobox.getInputProps({
    placeholder,
    autoComplete: 'off',
    className: 'booking-input',
    ref: field,
  });
  return (
    <div className="place-combobox">
      <label {...combobox.getLabelProps()}>{label}</label>
      <input {...inputProps} aria-activedescendant={activeDescendant || undefined} />
      <ul
        {...combobox.getMenuProps({ className: 'place-combobox__menu' })}
        hidden={!combobox.isOpen || predictions.length === 0}
      >
        {combobox.isOpen &&
          predictions.map((item, index) => (
            <li
              key={item.placeId}
              {...combobox.getItemProps({ item, index })}
              className={
                index === combobox.highlightedIndex ? 'place-combobox__option is-highlighted' : 'place-combobox__option'
              }
            >
              {item.description}
            </li>
          ))}
      </ul>
      <p className="place-combobox__empty" role="status">
        {showNoResults ? noResults : ''}
      </p>
    </div>
  );
}
