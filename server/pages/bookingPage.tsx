import { z } from 'zod';
import { latitude, longitude } from '../../contracts/upstream/primitives.js';
import { ContentPageView } from '../../views/pages/ContentPageView.js';
import { BookingSection } from '../../views/pages/booking/BookingSection.js';
import type { ContentPageKind } from './contentPageKind.js';

/** `?lat=&lng=` prefill the place (part 2 §2.1); anything else is ignored. */
const PrefillQuery = z.object({ lat: latitude, lng: longitude });

/**
 * The service booking page ('MechMate'): the content page with the booking island as its opening
 * (the island holds the page's h1, which follows the car's brand).
 */
export const bookingPage: ContentPageKind = ({ page, blockData, req, deps }) => {
  const prefill = PrefillQuery.safeParse(req.query);
  return Promise.resolve({
    body: (
      <ContentPageView
        page={page}
        blockData={blockData}
        header={
          <BookingSection
            content={page.booking ?? null}
            prefill={prefill.success ? prefill.data : null}
            map={deps.config.map}
          />
        }
      />
    ),
  });
};
