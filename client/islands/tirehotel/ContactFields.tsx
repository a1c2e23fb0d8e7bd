import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { TirehotelContactValuesSchema } from '../../../contracts/forms.js';
import { TextAreaField, TextField } from '../../forms/fields.js';
import type { TireHotelTexts } from './tirehotelTexts.js';

export type ContactForm = UseFormReturn<
  z.input<typeof TirehotelContactValuesSchema>,
  unknown,
  z.output<typeof TirehotelContactValuesSchema>
>;
export const COMMENT_MAX = 500;

/** The Booking page's contact fields (part 2 §5.3): all required but the comment; each error a translated text. */
export function ContactFields({
  texts,
  form,
  subHeadingLevel,
}: {
  texts: TireHotelTexts;
  form: ContactForm;
  subHeadingLevel: 3 | 4;
}) {
  const { register, formState, watch } = form;
  const error = (field: 'firstName' | 'lastName' | 'phoneMobile' | 'email', text: string) =>
    formState.errors[field] ? text : undefined;
  const SubHeading = `h${subHeadingLevel}` as const;
  return (
    <div className="tirehotel__contact">
      <SubHeading className="tirehotel__subheading">{texts.contactHeading}</SubHeading>
      <div className="tirehotel__contact-grid">
        <TextField
          label={texts.firstName}
          required
          autoComplete="given-name"
          maxLength={100}
          error={error('firstName', texts.firstNameError)}
          {...register('firstName')}
        />
        <TextField
          label={texts.lastName}
          required
          autoComplete="family-name"
          maxLength={100}
          error={error('lastName', texts.lastNameError)}
          {...register('lastName')}
        />
        <TextField
          label={texts.mobile}
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={40}
          error={error('phoneMobile', texts.mobileError)}
          {...register('phoneMobile')}
        />
        <TextField
          label={texts.email}
          required
          type="email"
          autoComplete="email"
          maxLength={254}
          error={error('email', texts.emailError)}
          {...register('email')}
        />
      </div>
      <TextAreaField
        label={texts.comment}
        rows={3}
        maxLength={COMMENT_MAX}
        count={watch('freeText').length}
        {...register('freeText')}
      />
    </div>
  );
}
