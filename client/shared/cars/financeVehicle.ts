import type { FinanceVehicle } from '../../../contracts/upstream/codeweaver.js';
import type { Car } from '../../../contracts/upstream/search.js';

const KM_PER_MILE = 1.609344;

/** What the finance service needs of a car (the car page's calculator and the UK cards' quotes ask with it). */
export type FinanceVehicleSource = Pick<
  Car,
  'car_id' | 'car_price' | 'car_is_new' | 'car_mileage' | 'car_registration_number' | 'car_first_registration'
>;
export const FINANCE_VEHICLE_FIELDS = [
  'car_id',
  'car_price',
  'car_is_new',
  'car_mileage',
  'car_registration_number',
  'car_first_registration',
] as const satisfies readonly (keyof Car)[];

/**
 * What the finance service quotes for: the car's own price, its odometer in miles and its plate.
 * A new car has no plate yet: the service then knows it by our stock number (its car id). Null
 * when neither fits the service's 2 to 8 letters or digits.
 */
export function financeVehicleOf(car: FinanceVehicleSource): FinanceVehicle | null {
  const plate = car.car_registration_number?.replace(/[\s-]/g, '').toUpperCase() ?? car.car_id;
  if (!/^[A-Z0-9]{2,8}$/.test(plate)) return null;
  return {
    RegNo: plate,
    CashPrice: car.car_price,
    IsNew: car.car_is_new,
    CurrentMileage: Math.round(car.car_mileage / KM_PER_MILE),
    RegistrationDate: car.car_first_registration,
  };
}
