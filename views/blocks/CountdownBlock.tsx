import { timeLeft } from '../../client/enhance/countdown.js';
import { countText } from '../../markets/translations/plural.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import { ContentLinkView } from './ContentLinkView.js';

/** Days, hours and minutes to the target as the server sees it; client/enhance/countdown.ts ticks them on and shows the ended text at zero. */
export function CountdownBlock({ block }: BlockProps<'countdown'>) {
  const { t, language } = usePage();
  const edit = useEditable();
  const target = Date.parse(block.targetDate);
  // Rendered once per request on the server, never re-rendered: the time of the request is what it shows.
  // eslint-disable-next-line react-hooks/purity
  const left = Number.isNaN(target) ? null : timeLeft(target, Date.now());
  // Each label agrees with its number ('1 dag', '2 dagar'); the forms go along for the ticking script.
  const units = [
    ['days', t.plural('block.countdownDays')],
    ['hours', t.plural('block.countdownHours')],
    ['minutes', t.plural('block.countdownMinutes')],
  ] as const;
  return (
    <section className="countdown" data-countdown="" data-target={block.targetDate}>
      <h2 className="countdown__title" {...edit('title')}>
        {block.title}
      </h2>
      {block.text && <p {...edit('text')}>{block.text}</p>}
      <div
        className="countdown__clock"
        role="timer"
        aria-label={t('block.countdownLabel')}
        data-countdown-clock=""
        hidden={!left}
        {...edit('targetDate')}
      >
        {units.map(([unit, forms]) => (
          <span key={unit} className="countdown__unit">
            <span className="countdown__value" data-unit={unit}>
              {left?.[unit] ?? 0}
            </span>{' '}
            <span className="countdown__label" data-forms={JSON.stringify(forms)}>
              {countText(forms, language, left?.[unit] ?? 0)}
            </span>
          </span>
        ))}
      </div>
      <p className="countdown__ended" data-countdown-ended="" hidden={left !== null}>
        {t('block.countdownEnded')}
      </p>
      {block.link && (
        <p>
          <ContentLinkView link={block.link} className="button" marker={edit('link')} />
        </p>
      )}
    </section>
  );
}
