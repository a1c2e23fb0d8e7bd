import { mediaUrl } from '../../../client/shared/media/mediaUrl.js';
import { CarGallery } from '../../../client/islands/carGallery/CarGallery.js';
import type { CarGalleryProps } from '../../../client/islands/carGallery/galleryLabels.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { GALLERY_FULL, GALLERY_MAIN, GALLERY_THUMB } from '../../../client/shared/media/pictureLayouts.js';
import { Island } from '../../Island.js';
import { usePage } from '../../PageContext.js';
import { carTitle } from './carDetailHead.js';

/** The gallery island; 360° frames only where the market shows them (market.features.media360: the UK). */
export function CarGallerySection({ car }: { car: Car }) {
  const { t, market } = usePage();
  const props: CarGalleryProps = {
    title: carTitle(car),
    images: car.car_images.map(mediaUrl),
    pictures: { main: GALLERY_MAIN, thumb: GALLERY_THUMB, full: GALLERY_FULL },
    frames360: market.features.media360 ? car.car_media_360.map(mediaUrl) : [],
    labels: {
      gallery: t('carDetail.galleryLabel'),
      previous: t('carDetail.galleryPrevious'),
      next: t('carDetail.galleryNext'),
      position: t('carDetail.galleryPosition'),
      fullscreen: t('carDetail.galleryFullscreen'),
      closeFullscreen: t('carDetail.galleryCloseFullscreen'),
      thumbnails: t('carDetail.galleryThumbnails'),
      photos: t('carDetail.galleryPhotos'),
      view360: t('carDetail.gallery360'),
      hint360: t('carDetail.gallery360Hint'),
    },
  };
  return (
    <div className="car-detail__gallery">
      <Island name="carGallery" component={CarGallery} props={props} />
    </div>
  );
}
