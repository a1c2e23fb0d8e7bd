import type { CompareToggleLabels } from '../../client/compare/CompareToggle.js';
import { COMPARE_MAX_CARS } from '../../client/compare/compareStore.js';
import type { CompareLabels } from '../../client/islands/compare/compareLabels.js';
import type { Translate } from '../../markets/translations/dictionaries.js';
import type { Market } from '../../markets/schema.js';
import { mileageLabelKey } from '../../client/cars/carCardTexts.js';

/** The texts of a compare toggle (on a card or the car page), for island props. */
export function compareToggleLabels(t: Translate): CompareToggleLabels {
  return {
    toggle: t('carDetail.compareToggle'),
    limitReached: t('carDetail.compareLimit', { count: COMPARE_MAX_CARS }),
  };
}

/** The texts of the compare bar and modal; `{count}`, `{max}`, `{car}` and `{hp}` are filled in the browser. */
export function compareLabels(t: Translate, distanceUnit: Market['distanceUnit']): CompareLabels {
  return {
    title: t('carDetail.compareTitle'),
    count: t('carDetail.compareCount'),
    open: t('carDetail.compareOpen'),
    clear: t('carDetail.compareClear'),
    close: t('carDetail.compareClose'),
    remove: t('carDetail.compareRemove'),
    limitReached: t('carDetail.compareLimit', { count: COMPARE_MAX_CARS }),
    rows: {
      price: t('carDetail.price'),
      year: t('carDetail.year'),
      mileage: t(mileageLabelKey(distanceUnit)),
      fuel: t('carDetail.fuel'),
      gearbox: t('carDetail.gearbox'),
      power: t('carDetail.power'),
      equipment: t('carDetail.compareEquipment'),
    },
    powerValue: t('carDetail.powerValue'),
    sameEquipment: t('carDetail.compareSameEquipment'),
    unknownEquipment: t('carDetail.compareUnknownEquipment'),
  };
}
