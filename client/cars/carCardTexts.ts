import type { Language, Market } from '../../markets/schema.js';
import type { Translate } from '../../markets/translations/dictionaries.js';
import type { TranslationKey } from '../../markets/translations/sv.js';
import { carValueWords } from '../../markets/translations/carValues.js';
import type { CarCardTexts } from './CarCard.js';
import type { CardMonthlyLabels } from './CardMonthlyPrice.js';

/** The card texts and number format of a market in one language (built on the server, passed to islands as props). */
export function carCardTextsOf(t: Translate, market: Market, language: Language): CarCardTexts {
  const locale = market.locales[language] ?? language;
  return {
    // The market's unit (Swedish sites count in mil, the UK in miles), whatever the page's language.
    format: { locale, mileageUnit: market.distanceUnit },
    ...(market.monthlyPrice === 'none' ? {} : { monthly: monthlyLabelsOf(t, market.monthlyPrice) }),
    values: { fuel: carValueWords(market, t, 'fuel'), gearbox: carValueWords(market, t, 'gearbox') },
    labels: {
      year: t('carList.card.year'),
      mileage: t(mileageLabelKey(market.distanceUnit)),
      fuel: t('carList.card.fuel'),
      gearbox: t('carList.card.gearbox'),
      campaignPrice: t('carList.card.campaignPrice'),
      retailPrice: t('carList.card.retailPrice'),
      price: t('carList.card.price'),
      exVat: t('carList.card.exVat'),
      vatDeductible: t('carList.card.vatDeductible'),
      distance: t('carList.card.distance'),
    },
  };
}

/** 'Miltal' only where the figure is in mil; 'Mätarställning' beside km on the Finnish site in Swedish. */
export function mileageLabelKey(unit: Market['distanceUnit']): TranslationKey {
  return unit === 'mil' ? 'carDetail.mileageMil' : unit === 'mi' ? 'carDetail.mileageMi' : 'carDetail.mileageKm';
}

function monthlyLabelsOf(t: Translate, source: CardMonthlyLabels['source']): CardMonthlyLabels {
  return {
    source,
    label: t('carList.card.monthlyPrice'),
    perMonth: t('carDetail.perMonth'),
    ...(source === 'financeQuote'
      ? {
          example: {
            title: t('finance.representativeExample'),
            apr: t('finance.apr'),
            term: t('finance.term'),
            termValue: t.plural('finance.termValue'),
            deposit: t('finance.deposit'),
            amountOfCredit: t('finance.amountOfCredit'),
            payments: t('finance.payments'),
            paymentsValue: t('finance.paymentsValue'),
            finalPayment: t('finance.finalPayment'),
            totalPayable: t('finance.totalPayable'),
          },
        }
      : {}),
  };
}
