import type { CarCardTexts } from '../../cars/CarCard.js';
import type { CarFormat } from '../../shared/cars/formatCar.js';

/** Texts of the compare bar and modal, from the server (views/compare/compareLabels.ts). `{name}` parts are filled here. */
export interface CompareLabels {
  /** Name of the bar and title of the modal. */
  title: string;
  /** '{count} av {max} bilar valda' */
  count: string;
  open: string;
  clear: string;
  close: string;
  /** 'Ta bort {car}' */
  remove: string;
  /** Shown in the bar while the list is full. */
  limitReached: string;
  rows: {
    price: string;
    year: string;
    mileage: string;
    fuel: string;
    gearbox: string;
    power: string;
    equipment: string;
  };
  /** '{hp} hk' */
  powerValue: string;
  sameEquipment: string;
  unknownEquipment: string;
}

export interface CompareBarProps {
  labels: CompareLabels;
  format: CarFormat;
  /** Fuel and gearbox words in the page's language, by the index's word (as the cards show them). */
  values: CarCardTexts['values'];
  carDetailBase: string;
}
