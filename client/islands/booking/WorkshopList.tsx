import { useId } from 'react';
import type { Workshop } from '../../../contracts/upstream/mechmate.js';
import type { BookingProps } from './bookingProps.js';
import type { BookingTexts } from './bookingTexts.js';
import { ContactText } from './ContactText.js';
import { distanceKm, formatSlot } from './formatBooking.js';
import type { WorkshopSort } from './workshopSort.js';
import type { WorkshopStreamState } from './useWorkshopStream.js';
import { fillText } from '../../../markets/translations/plural.js';

interface WorkshopListProps {
  workshops: Workshop[];
  stream: WorkshopStreamState & { loadMore: () => void; retry: () => void };
  sort: WorkshopSort;
  onSort: (sort: WorkshopSort) => void;
  selectedId: number | null;
  onSelect: (workshop: Workshop) => void;
  from: { lat: number; lng: number } | null;
  texts: BookingTexts;
  locale: string;
  contact: BookingProps['customerService'];
}

/** The workshops as radio cards, the sort choice, loading placeholders, 'Hämta fler' and the stream's outcomes. */
export function WorkshopList({
  workshops,
  stream,
  sort,
  onSort,
  selectedId,
  onSelect,
  from,
  texts,
  locale,
  contact,
}: WorkshopListProps) {
  const id = useId();
  const loading = stream.placeholders > 0;
  return (
    <div className="workshops">
      <fieldset className="workshops__sort">
        <legend>{texts['booking.sortLabel']}</legend>
        {(['nearest', 'firstTime'] as const).map((option) => (
          <label key={option} className="booking-radio">
            <input
              type="radio"
              name={`${id}-sort`}
              value={option}
              checked={sort === option}
              onChange={() => onSort(option)}
            />
            {option === 'nearest' ? texts['booking.sortNearest'] : texts['booking.sortFirstTime']}
          </label>
        ))}
      </fieldset>
      {stream.status === 'nosites' && workshops.length === 0 ? (
        <div className="booking-message booking-message--error" role="alert">
          <p>{texts['booking.noSites']}</p>
          <ContactText text={texts['booking.noSitesHint']} contact={contact} />
        </div>
      ) : (
        <fieldset className="workshops__list" aria-busy={loading}>
          <legend>{texts['booking.chooseWorkshop']}</legend>
          <ul>
            {workshops.map((workshop) => (
              <li
                key={workshop.departmentId}
                className={workshop.departmentId === selectedId ? 'workshop-card is-selected' : 'workshop-card'}
                data-first-time={workshop.firstTimeSlot ?? ''}
              >
                <input
                  type="radio"
                  id={`${id}-w${workshop.departmentId}`}
                  name={`${id}-workshop`}
                  value={workshop.departmentId}
                  checked={workshop.departmentId === selectedId}
                  onChange={() => onSelect(workshop)}
                />
                <label htmlFor={`${id}-w${workshop.departmentId}`}>
                  <strong className="workshop-card__name">{workshop.siteName}</strong>
                  <span className="workshop-card__address">{workshop.address}</span>
                  {from && (
                    <span className="workshop-card__distance">
                      {fillText(texts['booking.distance'], {
                        km: distanceKm(from.lat, from.lng, workshop.latitude, workshop.longitude).toLocaleString(
                          locale,
                          { maximumFractionDigits: 1 },
                        ),
                      })}
                    </span>
                  )}
                  <span className="workshop-card__first">
                    {workshop.firstTimeSlot
                      ? fillText(texts['booking.firstTime'], { time: formatSlot(workshop.firstTimeSlot, locale) })
                      : texts['booking.noFirstTime']}
                  </span>
                </label>
              </li>
            ))}
            {Array.from({ length: stream.placeholders }, (_, i) => (
              <li
                key={`placeholder-${i}`}
                className="workshop-card workshop-card--placeholder"
                aria-hidden="true"
                data-placeholder="true"
              />
            ))}
          </ul>
          {loading && (
            <p className="visually-hidden" role="status">
              {texts['booking.loadingWorkshops']}
            </p>
          )}
        </fieldset>
      )}
      {stream.status === 'error' && (
        <div className="booking-message booking-message--error" role="alert">
          <p>{texts['booking.streamError']}</p>
          <button type="button" className="booking-button booking-button--secondary" onClick={stream.retry}>
            {texts['booking.retry']}
          </button>
        </div>
      )}
      {stream.status === 'ok' && !loading && !stream.exhausted && workshops.length > 0 && (
        <button type="button" className="booking-button booking-button--secondary" onClick={stream.loadMore}>
          {texts['booking.loadMore']}
        </button>
      )}
    </div>
  );
}
