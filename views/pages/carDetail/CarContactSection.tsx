import { CarContactForm, type CarContactProps } from '../../../client/islands/carContact/CarContactForm.js';
import type { Car } from '../../../contracts/upstream/search.js';
import { CAR_CONTACT_FORM_NAME } from '../../../contracts/carContactForm.js';
import { CAR_CONTACT_FORM_ID, LEAD_FORM_POST_PATH } from '../../../contracts/leadFormPost.js';
import { Island } from '../../Island.js';
import { useLeadFormPost } from '../../blocks/leadFormPost.js';
import { ContactHiddenFields, contactInitial } from './postedContact.js';
import { usePage } from '../../PageContext.js';

/** The car's sellers (name, e-mail, phone) and the contact form island next to them. */
export function CarContactSection({ car }: { car: Car }) {
  const { t, market } = usePage();
  const post = useLeadFormPost(CAR_CONTACT_FORM_NAME, 'car-contact');
  const props: CarContactProps = {
    car: { carId: car.car_id, carIsSample: car.car_is_sample, siteName: car.car_site_name },
    initial: contactInitial(post),
    postTo: { id: CAR_CONTACT_FORM_ID, action: LEAD_FORM_POST_PATH, method: 'post' },
    currency: market.currency,
    sellers: car.car_is_sample ? car.car_sellers.map(({ name }) => ({ name })) : [],
    labels: {
      requiredNote: t('carDetail.contactRequiredNote'),
      name: t('carDetail.contactName'),
      phone: t('carDetail.contactPhone'),
      email: t('carDetail.contactEmail'),
      message: t('carDetail.contactMessage'),
      seller: t('carDetail.contactSeller'),
      sellerPlaceholder: t('carDetail.contactSellerPlaceholder'),
      quote: t('carDetail.contactQuote'),
      testDrive: t('carDetail.contactTestDrive'),
      submit: t('carDetail.contactSubmit'),
      submitting: t('carDetail.contactSubmitting'),
      success: t('carDetail.contactSuccess'),
      failure: t('error.carDetailFormError'),
      errors: {
        name: t('carDetail.contactNameError'),
        phone: t('carDetail.contactPhoneError'),
        email: t('carDetail.contactEmailError'),
        seller: t('carDetail.contactSellerError'),
      },
    },
  };
  return (
    <div className="car-detail__contact">
      <section className="car-detail__section car-sellers" aria-labelledby="car-sellers">
        <h2 id="car-sellers">{t('carDetail.sellers')}</h2>
        <ul className="car-sellers__list">
          {car.car_sellers.map((seller) => (
            <li key={seller.email} className="car-sellers__seller">
              <strong>{seller.name}</strong>
              {seller.title && <span>{seller.title}</span>}
              <a href={`mailto:${seller.email}`}>{seller.email}</a>
              <a href={`tel:${seller.phone.replace(/[^\d+]/g, '')}`}>{seller.phone}</a>
            </li>
          ))}
        </ul>
      </section>
      <section className="car-detail__section" id="car-contact" aria-labelledby="car-contact-title" tabIndex={-1}>
        <h2 id="car-contact-title">{t('carDetail.contactTitle')}</h2>
        <Island name="carContact" component={CarContactForm} props={props} />
        <ContactHiddenFields post={post} car={props.car} />
      </section>
    </div>
  );
}
