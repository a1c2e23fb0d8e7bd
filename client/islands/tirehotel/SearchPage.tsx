import { useState, useSyncExternalStore, type FormEvent } from 'react';
import type { TirehotelCustomer } from '../../../contracts/upstream/tirehotel.js';
import { TextField } from '../../forms/fields.js';
import { useTypedBeforeWake } from '../../forms/useTypedBeforeWake.js';
import { trackForm } from './analytics.js';
import { REG_NO_MAX, canSearch, normaliseRegNo } from './regNo.js';
import { refusalText, tirehotelApi } from './tirehotelApi.js';
import type { TireHotelLink } from './tirehotelTexts.js';
import type { TireHotelTexts } from './tirehotelTexts.js';

const noSubscription = () => () => undefined;

interface SearchPageProps {
  texts: TireHotelTexts;
  initialRegNo: string;
  formAction: string;
  formId: string;
  bookServiceLink: TireHotelLink;
  /** Why the flow started again (the server's message for an expired login). */
  notice: string | null;
  onFound: (customer: TirehotelCustomer) => void;
}

/**
 * Search (part 2 §2.5 step 1): the registration number finds the agreement. Before hydration the
 * form posts to the BFF, which keeps the number for the island and sends the page back with it prefilled
 * (never in the address; the page writes the hidden fields, tied by form=); after it, 'Fortsätt'
 * stays disabled below 2 characters and Enter submits.
 */
export function SearchPage({
  texts,
  initialRegNo,
  formAction,
  formId,
  bookServiceLink,
  notice,
  onFound,
}: SearchPageProps) {
  const [regNo, setRegNo] = useState(() => normaliseRegNo(initialRegNo));
  // 'notFound' links on to booking a service; any other failure is its text.
  const [failure, setFailure] = useState<'notFound' | { text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const regNoField = useTypedBeforeWake((typed) => setRegNo(normaliseRegNo(typed)));
  // Before hydration the button stays enabled: the plain form checks the length itself (minLength).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSearch(regNo) || busy) return;
    trackForm('submit', 'search');
    setBusy(true);
    setFailure(null);
    const answer = await tirehotelApi.search(regNo);
    setBusy(false);
    if (answer.ok) {
      trackForm('success', 'search');
      onFound(answer.value);
      return;
    }
    trackForm('error', 'search');
    // A limit's refusal says to wait (trying again at once is refused again); no other error text is for the shopper here.
    setFailure(
      answer.status === 404
        ? 'notFound'
        : { text: answer.status === 429 ? refusalText(answer, texts) : texts.genericError },
    );
  };

  return (
    <form
      id={formId}
      className="tirehotel__form"
      action={formAction}
      method="post"
      onSubmit={(event) => void submit(event)}
    >
      {notice && (
        <p className="tirehotel__error" role="alert">
          {notice}
        </p>
      )}
      <TextField
        label={texts.regNoLabel}
        name="regNo"
        ref={regNoField}
        value={regNo}
        onChange={(event) => {
          setRegNo(normaliseRegNo(event.currentTarget.value));
          setFailure(null);
        }}
        placeholder={texts.regNoPlaceholder}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        minLength={2}
        maxLength={REG_NO_MAX}
        className="tirehotel__regno"
      />
      <button
        type="submit"
        className="button tirehotel__primary"
        disabled={hydrated && !canSearch(regNo)}
        aria-disabled={busy || undefined}
      >
        {texts.continue}
      </button>
      {failure && (
        <div className="tirehotel__error" role="alert">
          {failure === 'notFound' ? (
            <p>
              {texts.notFound} <a href={bookServiceLink.url}>{bookServiceLink.text}</a>
            </p>
          ) : (
            <p>{failure.text}</p>
          )}
        </div>
      )}
    </form>
  );
}
