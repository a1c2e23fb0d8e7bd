import type { PluralText } from '../../../markets/translations/plural.js';
import type { KitFacetName } from '../../shared/kits/kitsQuery.js';
import type { KitDialogTexts } from './KitDialog.js';

export interface KitsSearchTexts extends KitDialogTexts {
  searchLabel: string;
  searchButton: string;
  filtersHeading: string;
  facets: Record<KitFacetName, string>;
  apply: string;
  clear: string;
  /** A count text (`{count}`). */
  count: PluralText;
  /** `{shown}`, `{total}` */
  showing: string;
  showMore: string;
  noResults: string;
  error: string;
}
