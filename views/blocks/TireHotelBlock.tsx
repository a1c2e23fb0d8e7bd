import { TireHotel, type TireHotelProps } from '../../client/islands/tirehotel/TireHotel.js';
import type { TireHotelTexts } from '../../client/islands/tirehotel/tirehotelTexts.js';
import { sv, type TranslationKey } from '../../markets/translations/sv.js';
import { useEditable } from '../editable.js';
import { Island } from '../Island.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';

const PREFIX = 'tirehotel.';
const TEXT_KEYS = (Object.keys(sv) as TranslationKey[]).filter((key) => key.startsWith(PREFIX));

/**
 * The tire hotel (part 2 §2.5): the block's title and text, then the `tirehotel` island, whose Search
 * page the server renders (with `?regNo=` prefilled) so the block shows and submits before hydration.
 * The island gets the flow's texts with their `{placeholders}` and fills them itself.
 */
export function TireHotelBlock({ block, first }: BlockProps<'tireHotel'>) {
  const { t, market, language, path, href, searchParams, report } = usePage();
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
    initialRegNo: (searchParams.get('regNo') ?? '').slice(0, 20),
    formAction: path,
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
    </section>
  );
}
