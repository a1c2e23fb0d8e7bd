import { TireHotel, type TireHotelProps } from '../../client/islands/tirehotel/TireHotel.js';
import type { TireHotelTexts } from '../../client/islands/tirehotel/tirehotelTexts.js';
import { sv, type TranslationKey } from '../../markets/translations/sv.js';
import {
  KEEP_FORM_POST_PATH,
  LEAD_FORM_HIDDEN,
  TIRE_HOTEL_SEARCH_FORM_ID,
  TIRE_HOTEL_SEARCH_FORM_NAME,
  type PostedForm,
} from '../../contracts/leadFormPost.js';
import { useEditable } from '../editable.js';
import { Island } from '../Island.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';

const PREFIX = 'tirehotel.';

/** The registration number the search form posted before the island woke. */
const keptRegNo = (posted: PostedForm | undefined) =>
  posted?.formName === TIRE_HOTEL_SEARCH_FORM_NAME && posted.outcome === 'kept' ? posted.values.regNo : undefined;
const TEXT_KEYS = (Object.keys(sv) as TranslationKey[]).filter((key) => key.startsWith(PREFIX));

/**
 * The tire hotel (part 2 §2.5): the block's title and text, then the `tirehotel` island, whose Search
 * page the server renders so the block shows before hydration; sent before it, the number is kept by the BFF
 * (POST /forms/keep, nothing in the address) and comes back prefilled for the island.
 * The island gets the flow's texts with their `{placeholders}` and fills them itself.
 */
export function TireHotelBlock({ block, first }: BlockProps<'tireHotel'>) {
  const { t, market, language, path, href, searchParams, report, postedForm } = usePage();
  const editable = useEditable();
  if (!market.features.tireHotel) {
    // The flow's API answers only where the market has the tire hotel: elsewhere the block would be a dead form.
    report('tire-hotel block left out: the market has no tire hotel', { blockId: block.id, market: market.id });
    return null;
  }
  const Heading = first ? 'h1' : 'h2';
  const headingId = `${block.id}-title`;
  const texts = Object.fromEntries(TEXT_KEYS.map((key) => [key.slice(PREFIX.length), t(key)])) as TireHotelTexts;
  const props: TireHotelProps = {
    texts,
    headingLevel: first ? 2 : 3,
    // The number posted before the island woke (kept by the BFF), else a link's `?regNo=`.
    initialRegNo: String(keptRegNo(postedForm) ?? searchParams.get('regNo') ?? '').slice(0, 20),
    formAction: KEEP_FORM_POST_PATH,
    formId: TIRE_HOTEL_SEARCH_FORM_ID,
    homeHref: href('/'),
    bookServiceLink: { text: block.bookServiceLink.text, url: block.bookServiceLink.url },
    contactLink: { text: block.contactLink.text, url: block.contactLink.url },
    contactEmail: block.contactEmail,
    locale: market.locales[language] ?? language,
  };
  return (
    <section className="tirehotel-block" aria-labelledby={headingId}>
      <Heading id={headingId} {...editable('title')}>
        {block.title}
      </Heading>
      {block.text && (
        <p className="tirehotel-block__text" {...editable('text')}>
          {block.text}
        </p>
      )}
      <Island name="tirehotel" component={TireHotel} props={props} />
      {[
        [LEAD_FORM_HIDDEN.formName, TIRE_HOTEL_SEARCH_FORM_NAME],
        [LEAD_FORM_HIDDEN.returnTo, path],
        [LEAD_FORM_HIDDEN.anchor, headingId],
      ].map(([name, value]) => (
        <input key={name} type="hidden" form={TIRE_HOTEL_SEARCH_FORM_ID} name={name} value={value} />
      ))}
    </section>
  );
}
