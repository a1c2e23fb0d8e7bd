import type { Response } from 'express';
import type { SearchCache } from '../searchCache/searchCache.js';
import { ApiError } from '../http/apiError.js';
import { carSiteContact } from '../catalogue/carSiteContact.js';
import { CAR_ID_PATTERN, findCar } from '../catalogue/cars.js';
import { findWorkshopDealer } from '../catalogue/workshopDealers.js';
import type { CallContext } from '../upstream/upstreamHttp.js';
import type { FormValue } from '../../contracts/upstream/comhub.js';

type Values = Record<string, FormValue | undefined>;

const refused = (field: string, message: string) =>
  new ApiError(400, 'bad_request', `Invalid request: body.values.${field}: ${message}`, {
    issues: [{ path: `body.values.${field}`, message }],
  });

/**
 * Who gets a lead is decided here, never by the browser (else the hub would mail any address it was
 * given): the schemas hold no address, and the e-mail is looked up in the search index by the id sent.
 * The service request gets its workshop's e-mail and name by site id; the car contact gets the selling
 * site's e-mail, and for a new-car sample the chosen seller's.
 */
export async function withRecipients(
  kind: string,
  values: Values,
  cache: SearchCache,
  res: Response,
  ctx: CallContext,
): Promise<Values> {
  const market = res.locals.market;
  if (kind === 'service-booking') {
    const dealer = await findWorkshopDealer(cache, market, String(values.siteId), ctx);
    if (!dealer) throw refused('siteId', 'no workshop with this id');
    return { ...values, siteEmail: dealer.email, siteName: dealer.name };
  }
  if (kind === 'car-detail-contact' && typeof values.carId === 'string') {
    const car = CAR_ID_PATTERN.test(values.carId) ? await findCar(cache, market, values.carId, ctx) : null;
    if (!car) throw refused('carId', 'no car with this id');
    const { seller, ...rest } = values;
    const chosen = car.car_is_sample ? car.car_sellers[typeof seller === 'number' ? seller : -1] : undefined;
    if (car.car_is_sample && !chosen) throw refused('seller', 'choose one of the sellers of this car');
    const site = await carSiteContact(cache, market, car, ctx);
    return {
      ...rest,
      siteName: car.car_site_name,
      carIsSample: car.car_is_sample,
      siteEmail: site.email,
      ...(chosen ? { sellerEmail: chosen.email } : {}),
    };
  }
  return values;
}
