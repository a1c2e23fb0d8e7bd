import { useId } from 'react';
import { CAR_SORTS, type CarSortName } from '../../shared/carList/carListConfig.js';
import type { CarListTexts } from './carListTypes.js';

interface CarListBarProps {
  keyphrase: string;
  sortName: CarSortName | null;
  onKeyphrase: (text: string) => void;
  onSort: (sortName: CarSortName) => void;
  texts: CarListTexts;
}

/** The search box (searches as typing pauses, or on submit) and the sort order. */
export function CarListBar({ keyphrase, sortName, onKeyphrase, onSort, texts }: CarListBarProps) {
  const keyphraseId = useId();
  const sortId = useId();
  return (
    <div className="car-list__bar">
      <div className="car-list__keyphrase">
        <label htmlFor={keyphraseId}>{texts.keyphraseLabel}</label>
        <div className="car-list__keyphrase-row">
          <input
            id={keyphraseId}
            name="keyphrase"
            type="search"
            value={keyphrase}
            placeholder={texts.keyphrasePlaceholder}
            maxLength={200}
            onChange={(e) => onKeyphrase(e.target.value)}
          />
          <button type="submit" className="button">
            {texts.search}
          </button>
        </div>
      </div>
      <div className="car-list__sort">
        <label htmlFor={sortId}>{texts.sortLabel}</label>
        <select
          id={sortId}
          name="sortName"
          value={sortName ?? 'relevance'}
          onChange={(e) => onSort(e.target.value as CarSortName)}
        >
          {CAR_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {texts.sorts[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
