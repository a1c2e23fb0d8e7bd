import type { CarCardTexts } from '../../cars/CarCard.js';
import type { PictureLayout } from '../../shared/media/pictureLayouts.js';
import type { PluralText } from '../../../markets/translations/plural.js';

/** The saved-cars page's words (views/saved/savedCarsTexts.ts builds them from `saved.*`). */
export interface SavedCarsTexts {
  title: string;
  /** `{count}` saved cars. */
  count: PluralText;
  empty: string;
  browse: string;
  error: string;
  retry: string;
  toggle: string;
  gone: string;
  goneText: string;
  remove: string;
  /** With `{amount}`. */
  priceDropped: string;
  priceWhenSaved: string;
  recentTitle: string;
}

/** What the recently viewed cars need of them. */
export type RecentCarsTexts = Pick<SavedCarsTexts, 'toggle' | 'recentTitle'>;

interface CardProps {
  card: CarCardTexts;
  carDetailBase: string;
  /** The cards' picture layout, from the page (its bundle carries no layout table). */
  picture: PictureLayout;
}

export interface SavedCarsPageProps extends CardProps {
  texts: SavedCarsTexts;
  carListPath: string;
}

export interface RecentCarsProps extends CardProps {
  texts: RecentCarsTexts;
  /** The car page's own car, left out of the list. */
  exclude?: string;
}

/** The island's two placements: the saved-cars page, and the recently viewed cars on a car page. */
export type SavedCarsProps = ({ part: 'page' } & SavedCarsPageProps) | ({ part: 'recent' } & RecentCarsProps);
