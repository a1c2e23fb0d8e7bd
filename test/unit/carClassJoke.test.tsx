import { renderToStaticMarkup } from 'react-dom/server';
import { CarClassJoke, JOKE_CLASS_REGISTRATION } from '../../client/islands/booking/CarClassJoke.js';
import type { BookingTexts } from '../../client/islands/booking/bookingTexts.js';
import { DICTIONARIES } from '../../markets/translations/dictionaries.js';
import { lookupCar } from '../../sandbox/data/mechmate.js';

const textsOf = (language: keyof typeof DICTIONARIES) =>
  Object.fromEntries(Object.entries(DICTIONARIES[language]).filter(([k]) => k.startsWith('booking.'))) as BookingTexts;

describe("the booking's joke class label (part 2 §4.1)", () => {
  it('shows "Fordonsklass: Tidsmaskin" in the car details for DMC885, typed in any case', () => {
    expect(
      renderToStaticMarkup(
        <dl>
          <CarClassJoke car={{ registrationNumber: 'dmc885' }} texts={textsOf('sv')} />
        </dl>,
      ),
    ).toBe('<dl><dt>Fordonsklass</dt><dd>Tidsmaskin (kräver 88 mph)</dd></dl>');
  });

  it('shows nothing for any other car', () => {
    expect(
      renderToStaticMarkup(
        <dl>
          <CarClassJoke car={{ registrationNumber: 'ABC123' }} texts={textsOf('sv')} />
        </dl>,
      ),
    ).toBe('<dl></dl>');
  });

  it('is translated in every language and the sandbox knows the car on every seed', () => {
    for (const dictionary of Object.values(DICTIONARIES)) expect(dictionary['booking.carClassJoke']).toMatch(/88 mph/);
    expect(lookupCar(1, JOKE_CLASS_REGISTRATION)).toEqual({
      car: expect.objectContaining({ brand: 'DeLorean', model: 'DMC-12' }),
    });
    expect(lookupCar(99, JOKE_CLASS_REGISTRATION)).toEqual(lookupCar(1, JOKE_CLASS_REGISTRATION));
  });
});
