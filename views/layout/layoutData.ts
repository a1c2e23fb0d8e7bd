import type { z } from 'zod';
import type { AlertSchema, BrandsResponseSchema, NavigationItem } from '../../contracts/upstream/content.js';

/** What the layout shows from the content service; a part that failed to load is null and left out. */
export interface LayoutData {
  navigation: NavigationItem[] | null;
  /** Null when there is none, when it failed, or when the shopper dismissed it. */
  alert: z.infer<typeof AlertSchema> | null;
  brands: z.infer<typeof BrandsResponseSchema>['brands'];
}

export const EMPTY_LAYOUT: LayoutData = { navigation: null, alert: null, brands: [] };
