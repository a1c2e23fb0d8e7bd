import { useState, useSyncExternalStore } from 'react';
import type { SearchFilter } from '../../../contracts/upstream/search.js';
import { saveSearch } from '../../saved/savedSearches.js';
import { carListQuery, carListSearchBody, type CarListState } from '../../shared/carList/carListUrlState.js';
import { fillText } from '../../../markets/translations/plural.js';
import type { CarListTexts } from './carListTypes.js';

const subscribeNever = () => () => {};

/**
 * 'Spara sökning': keeps the list's search in this browser (client/saved/savedSearches.ts), named as its chips
 * name it, and says so in a live region. There only with scripts (nothing to keep it in without them).
 */
export function SaveSearch({
  state,
  label,
  defaults,
  texts,
}: {
  state: CarListState;
  label: string;
  defaults: readonly SearchFilter[];
  texts: CarListTexts['savedSearch'];
}) {
  const scripted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const [message, setMessage] = useState('');
  const save = () => {
    const listed = { ...state, page: 0 };
    const { keyphrase, filters } = carListSearchBody({ ...listed, sortName: null }, 0, defaults);
    const done = saveSearch({
      query: carListQuery(listed),
      label,
      ...(keyphrase ? { keyphrase } : {}),
      ...(filters ? { filters } : {}),
    });
    setMessage(done === 'saved' ? texts.saved : fillText(texts.full, { count: 10 }));
  };
  return (
    <div className="car-list__save-search">
      {scripted && (
        <button type="button" className="button button--secondary" onClick={save}>
          {texts.save}
        </button>
      )}
      <p className="car-list__save-search-status" role="status">
        {message}
      </p>
    </div>
  );
}
