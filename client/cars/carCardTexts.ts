import type { Language, Market } from '../../markets/schema.js';
import type { Translate } from '../../markets/translations/dictionaries.js';
import type { CarCardTexts } from './CarCard.js';

/** The card texts and number format of a market in one language (built on the server, passed to islands as props). */
export function carCardTextsOf(t: Translate, market: Market, language: Language): CarCardTexts {
  const locale = market.locales[language] ?? language;
  return {
    // Swedish sites count in mil (10 km), as Swedish shoppers do.
    format: { locale, mileageUnit: locale.endsWith('-SE') ? 'mil' : 'km' },
    labels: {
      year: t('carList.card.year'),
      mileage: t('carList.card.mileage'),
      fuel: t('carList.card.fuel'),
      gearbox: t('carList.card.gearbox'),
      campaignPrice: t('carList.card.campaignPrice'),
      retailPrice: t('carList.card.retailPrice'),
      price: t('carList.card.price'),
      exVat: t('carList.card.exVat'),
      vatDeductible: t('carList.card.vatDeductible'),
    },
  };
}
