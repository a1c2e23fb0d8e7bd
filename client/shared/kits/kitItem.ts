import type { Kit } from '../../../contracts/upstream/search.js';
import { mediaUrl } from '../media/mediaUrl.js';
import type { KitItem } from './kitsQuery.js';

/** A kit as the search answers it (the currency may be left out: it is then EUR). */
export type KitDocument = Omit<Kit, 'currency'> & { currency?: string };

export function toKitItem(kit: KitDocument): KitItem {
  return {
    kitId: kit.kitId,
    kitCode: kit.kitCode,
    name: kit.name,
    description: kit.description,
    status: kit.status,
    images: kit.images.map(mediaUrl),
    retailPrice: kit.retailPrice,
    currency: kit.currency || 'EUR',
    brand: kit.brand,
    category: kit.category,
    models: kit.models,
  };
}
