import { mediaUrl } from '../../client/shared/media/mediaUrl.js';
import type { FileDownloadsBlockSchema } from '../../contracts/upstream/content.js';
import { useEditable } from '../editable.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import type { z } from 'zod';
import { numberFormat } from '../../client/shared/format/intlFormats.js';

type DownloadFile = z.infer<typeof FileDownloadsBlockSchema>['files'][number];

/** Files shown when the list is collapsed (part 2 §9). */
export const VISIBLE_FILES = 3;

/** A byte count as people read it: 950 B, 120 kB, 2.4 MB (decimal units, the market's number format). */
export function humanFileSize(bytes: number, locale: string): string {
  const [value, unit] =
    bytes < 1000 ? [bytes, 'B'] : bytes < 1_000_000 ? [bytes / 1000, 'kB'] : [bytes / 1_000_000, 'MB'];
  const format = numberFormat(locale, { maximumFractionDigits: unit === 'MB' ? 1 : 0 });
  return `${format.format(value)} ${unit}`;
}

/** The first three files, the rest behind a native <details> show-all toggle; each with its type and size. */
export function FileDownloadsBlock({ block }: BlockProps<'fileDownloads'>) {
  const { t, market, language } = usePage();
  const edit = useEditable();
  const locale = market.locales[language] ?? language;
  const fileItem = (file: DownloadFile, i: number) => (
    <li key={i} className="file-list__item">
      <a href={mediaUrl(file.url)} download="" {...edit(`files.${i}`)}>
        <span className="file-list__name">{file.name}</span>{' '}
        <span className="file-list__meta">{`(${file.fileType.toUpperCase()}, ${humanFileSize(file.sizeBytes, locale)})`}</span>
      </a>
    </li>
  );
  const rest = block.files.slice(VISIBLE_FILES);
  return (
    <section className="file-downloads">
      <h2 {...edit('title')}>{block.title ?? t('block.filesHeading')}</h2>
      <ul className="file-list">{block.files.slice(0, VISIBLE_FILES).map(fileItem)}</ul>
      {rest.length > 0 && (
        <details className="file-downloads__more">
          <summary>
            <span className="file-downloads__show-all">{t('block.filesShowAll', { count: block.files.length })}</span>
            <span className="file-downloads__show-fewer">{t('block.filesShowFewer')}</span>
          </summary>
          <ul className="file-list">{rest.map((file, i) => fileItem(file, i + VISIBLE_FILES))}</ul>
        </details>
      )}
    </section>
  );
}
