import { useMemo, useState } from 'react';
import type { BookingEvent } from './bookingMachine.js';
import type { BookingProps } from './bookingProps.js';
import type { BookingStore } from './bookingState.js';
import { BookingMap } from './BookingMap.js';
import { ContactForm } from './ContactForm.js';
import { TimeSlots } from './TimeSlots.js';
import { WorkshopList } from './WorkshopList.js';
import { WorkshopPrices } from './WorkshopPrices.js';
import { useWorkshopStream } from './useWorkshopStream.js';
import { sortWorkshops, type WorkshopSort } from './workshopSort.js';

interface StepWorkshopProps {
  state: BookingStore;
  dispatch: (event: BookingEvent) => void;
  props: BookingProps;
}

/** Step 4 (part 2 §2.1, §4.1): the workshop from the stream, its prices, a time, then the contact form. */
export function StepWorkshop({ state, dispatch, props }: StepWorkshopProps) {
  const { texts, locale } = props;
  const [sort, setSort] = useState<WorkshopSort>('nearest');
  const [slotsVersion, setSlotsVersion] = useState(0);
  const offerings = useMemo(() => Object.keys(state.services).sort(), [state.services]);
  const query =
    state.car && state.lat !== null && state.lng !== null && offerings.length > 0
      ? { regNo: state.car.registrationNumber, offerings, latitude: state.lat, longitude: state.lng }
      : null;
  const stream = useWorkshopStream(query);
  const selected = state.bookingInfo.location;
  const workshops = sortWorkshops(stream.workshops, sort);
  // Until the stream brings the stored workshop again (after a reload), it is shown from the store.
  const shown =
    selected && !workshops.some((w) => w.departmentId === selected.departmentId) ? [selected, ...workshops] : workshops;

  return (
    <div className="booking-workshop">
      <WorkshopList
        workshops={shown}
        stream={stream}
        sort={sort}
        onSort={setSort}
        selectedId={selected?.departmentId ?? null}
        onSelect={(workshop) => dispatch({ type: 'selectWorkshop', workshop })}
        from={state.lat !== null && state.lng !== null ? { lat: state.lat, lng: state.lng } : null}
        texts={texts}
        locale={locale}
        contact={props.customerService}
      />
      <BookingMap
        workshops={shown}
        selected={selected}
        onSelect={(workshop) => dispatch({ type: 'selectWorkshop', workshop })}
        props={props}
      />
      {selected && state.car && (
        <>
          <WorkshopPrices state={state} dispatch={dispatch} workshop={selected} texts={texts} locale={locale} />
          <TimeSlots
            key={`${selected.departmentId}-${slotsVersion}`}
            regNo={state.car.registrationNumber}
            workshop={selected}
            offerings={offerings}
            value={
              state.bookingInfo.timeSlot
                ? { timeSlot: state.bookingInfo.timeSlot, isFullDay: state.bookingInfo.isFullDay }
                : null
            }
            onChange={(slot) => dispatch({ type: 'selectTimeSlot', ...slot })}
            texts={texts}
            locale={locale}
          />
          {state.bookingInfo.timeSlot && (
            <ContactForm
              state={state}
              dispatch={dispatch}
              texts={texts}
              onSlotTaken={() => setSlotsVersion((v) => v + 1)}
            />
          )}
        </>
      )}
    </div>
  );
}
