import type { VehicleLookupResponse } from '../../contracts/upstream/codeweaver.js';
import { chance, pickStable } from './deterministic.js';
import { listedCar, plateKey } from './vehicles.js';

// ---------- vehicle lookup ----------

export const UNKNOWN_UK_REGISTRATION = 'ZZ99ZZZ';
const UK_MODELS = [
  ['Ford', 'Puma', '1.0 EcoBoost Hybrid ST-Line 5dr', 'Petrol Hybrid', 24000],
  ['Vauxhall', 'Corsa', '1.2 Turbo Design 5dr', 'Petrol', 18500],
  ['Volkswagen', 'Golf', '1.5 TSI Life 5dr', 'Petrol', 27500],
  ['BMW', '3 Series', '320d M Sport 4dr Step Auto', 'Diesel', 39000],
  ['Kia', 'Sportage', '1.6 T-GDi HEV GT-Line 5dr Auto', 'Petrol Hybrid', 34500],
  ['Nissan', 'Qashqai', '1.3 DiG-T MH N-Connecta 5dr', 'Petrol Hybrid', 29000],
  ['Toyota', 'Yaris', '1.5 Hybrid Design 5dr CVT', 'Petrol Hybrid', 22500],
  ['Volvo', 'XC40', 'B3 Plus Dark 5dr Auto', 'Petrol Mild Hybrid', 36500],
] as const;

/** The age identifier of a current-style plate (AB12CDE: March 2012; AB62CDE: September 2012). */
function registrationDateFromPlate(regNo: string, now: Date): string | undefined {
  const match = /^[A-Z]{2}(\d{2})[A-Z]{3}$/.exec(regNo);
  if (!match) return undefined;
  const age = Number(match[1]);
  const [year, month] = age > 50 ? [2000 + age - 50, 9] : [2000 + age, 3];
  const date = `${year}-${String(month).padStart(2, '0')}-01`;
  return age !== 0 && age !== 50 && new Date(date) <= now ? date : undefined;
}

const KM_PER_MILE = 1.609344;

/**
 * The vehicle of a UK plate: a car for sale on the UK site that carries it is that car (the register, vehicles.ts);
 * any other plate is a vehicle derived from the seed and the plate.
 */
export function lookupUkVehicle(seed: number, registration: string, now: Date): VehicleLookupResponse | undefined {
  const regNo = registration.toUpperCase();
  if (regNo === UNKNOWN_UK_REGISTRATION) return undefined;
  const listed = listedCar(seed, now, regNo, ['uk']);
  if (listed)
    return {
      RegNo: plateKey(regNo),
      Make: listed.car_brand,
      Model: listed.car_model,
      Derivative: listed.car_variant,
      FuelType: listed.car_fuel,
      RegistrationDate: listed.car_first_registration ?? `${listed.car_year}-01-01`,
      CurrentMileage: Math.round(listed.car_mileage / KM_PER_MILE),
      CashPrice: listed.car_price,
      IsNew: false,
    };
  const [make, model, derivative, fuel, newPrice] = pickStable(seed, `uk-model:${regNo}`, UK_MODELS);
  const fallbackYear = now.getUTCFullYear() - 1 - Math.floor(chance(seed, `uk-age:${regNo}`) * 8);
  const registrationDate = registrationDateFromPlate(regNo, now) ?? `${fallbackYear}-06-01`;
  const years = Math.max(0.2, (now.getTime() - new Date(registrationDate).getTime()) / (365.25 * 24 * 3600 * 1000));
  const cashPrice = Math.round((newPrice * Math.max(0.2, 0.85 ** years)) / 50) * 50 - 1;
  return {
    RegNo: regNo,
    Make: make,
    Model: model,
    Derivative: derivative,
    FuelType: fuel,
    RegistrationDate: registrationDate,
    CurrentMileage: Math.round((years * (6000 + chance(seed, `uk-mileage:${regNo}`) * 6000)) / 10) * 10,
    CashPrice: cashPrice,
    IsNew: false,
  };
}
