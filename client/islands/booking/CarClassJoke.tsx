import type { MechmateCar } from '../../../contracts/upstream/mechmate.js';
import type { BookingTexts } from './bookingTexts.js';

/**
 * Part 2 §4.1: one hard-coded registration number shows a joke class label in the car details.
 * The number is documented in README and sandbox/README.md (the sandbox answers it as a DeLorean DMC-12).
 */
export const JOKE_CLASS_REGISTRATION = 'DMC885';

/** The extra `<dt>`/`<dd>` pair of the booking's car details; nothing for every other car. */
export function CarClassJoke({ car, texts }: { car: Pick<MechmateCar, 'registrationNumber'>; texts: BookingTexts }) {
  if (car.registrationNumber.toUpperCase() !== JOKE_CLASS_REGISTRATION) return null;
  return (
    <>
      <dt>{texts['booking.carClass']}</dt>
      <dd>{texts['booking.carClassJoke']}</dd>
    </>
  );
}
