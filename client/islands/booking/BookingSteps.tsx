import { lazy, Suspense, useEffect } from 'react';
import type { BookingEvent } from './bookingMachine.js';
import type { BookingProps } from './bookingProps.js';
import type { BookingStore, DisplayState } from './bookingState.js';
import { BookingStep } from './BookingStep.js';
import { formatSlot } from './formatBooking.js';
import { StepRegistration } from './StepRegistration.js';
import { loadStepOfferings, loadStepWorkshop } from './stepChunks.js';

const StepOfferings = lazy(() => loadStepOfferings().then((module) => ({ default: module.StepOfferings })));
const StepWorkshop = lazy(() => loadStepWorkshop().then((module) => ({ default: module.StepWorkshop })));

interface StepsProps {
  state: BookingStore;
  dispatch: (event: BookingEvent) => void;
  props: BookingProps;
  /** The session's store has been read (after hydration). */
  restored: boolean;
}

/** The four steps in order: the open one shows its content, the others their summary rows. */
export function BookingSteps({ state, dispatch, props, restored }: StepsProps) {
  const { texts, locale } = props;
  const reopen = (step: DisplayState) => () => dispatch({ type: 'display', step });
  const names = (type: 'service' | 'addon') =>
    Object.values(state.services)
      .filter((s) => s.type === type)
      .map((s) => s.name)
      .join(', ');
  const workshop = state.bookingInfo.location;
  const common = { reopenLabel: texts['booking.change'] };
  const startedServices = state.bookingState >= 2;
  useEffect(() => {
    if (startedServices) void loadStepWorkshop();
  }, [startedServices]);
  return (
    <div className="booking__steps">
      <BookingStep
        {...common}
        number={1}
        title={texts['booking.step1Title']}
        summary={[state.car?.registrationNumber, state.location?.name].filter(Boolean).join(', ')}
        open={state.displayState === 0}
        reached
        onOpen={reopen(0)}
      >
        <StepRegistration
          state={state}
          dispatch={dispatch}
          texts={texts}
          prefill={restored ? props.prefill : null}
          ready={restored}
        />
      </BookingStep>
      <BookingStep
        {...common}
        number={2}
        title={texts['booking.step2Title']}
        summary={names('service')}
        open={state.displayState === 2}
        reached={state.bookingState >= 2}
        onOpen={reopen(2)}
      >
        <Suspense
          fallback={
            <p className="booking-muted" role="status">
              {texts['booking.loading']}
            </p>
          }
        >
          <StepOfferings
            kind="service"
            state={state}
            dispatch={dispatch}
            texts={texts}
            locale={locale}
            contact={props.customerService}
          />
        </Suspense>
      </BookingStep>
      <BookingStep
        {...common}
        number={3}
        title={texts['booking.step3Title']}
        summary={names('addon') || texts['booking.noAddonsChosen']}
        open={state.displayState === 3}
        reached={state.bookingState >= 3}
        onOpen={reopen(3)}
      >
        <Suspense
          fallback={
            <p className="booking-muted" role="status">
              {texts['booking.loading']}
            </p>
          }
        >
          <StepOfferings
            kind="addon"
            state={state}
            dispatch={dispatch}
            texts={texts}
            locale={locale}
            contact={props.customerService}
          />
        </Suspense>
      </BookingStep>
      <BookingStep
        {...common}
        number={4}
        title={texts['booking.step4Title']}
        summary={[workshop?.siteName, state.bookingInfo.timeSlot && formatSlot(state.bookingInfo.timeSlot, locale)]
          .filter(Boolean)
          .join(', ')}
        open={state.displayState === 4}
        reached={state.bookingState >= 4}
        onOpen={reopen(4)}
      >
        <Suspense
          fallback={
            <p className="booking-muted" role="status">
              {texts['booking.loading']}
            </p>
          }
        >
          <StepWorkshop state={state} dispatch={dispatch} props={props} />
        </Suspense>
      </BookingStep>
    </div>
  );
}
