import { useId, useState, type FormEvent } from 'react';
import { trackForm } from './analytics.js';
import { CodeBoxes } from './CodeBoxes.js';
import { codeValue, emptyCode, isCodeComplete } from './codeInput.js';
import { tirehotelApi, type ValidatedView, shopperMessage } from './tirehotelApi.js';
import type { TireHotelTexts } from './tirehotelTexts.js';

interface ValidatePageProps {
  texts: TireHotelTexts;
  /** The code request's answer ('En kod har skickats till …'). */
  sentMessage: string | null;
  onValidated: (validated: ValidatedView) => void;
  onNewCode: () => void;
}

/** Validate (part 2 §2.5 step 3): the code from the phone. A refusal shows the server's message in red until the code is edited. */
export function ValidatePage({ texts, sentMessage, onValidated, onNewCode }: ValidatePageProps) {
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const complete = isCodeComplete(digits);

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || busy) return;
    trackForm('submit', 'validate');
    setBusy(true);
    const answer = await tirehotelApi.validate(codeValue(digits));
    setBusy(false);
    if (answer.ok && answer.value.status === 0 && answer.value.vehicles.length > 0) {
      trackForm('success', 'validate');
      onValidated(answer.value);
      return;
    }
    trackForm('error', 'validate');
    // A limit's message alone, without refusalText's wait: a code void after wrong guesses wants a new code, not a wait.
    setFailure((!answer.ok && shopperMessage(answer)) || texts.genericError);
  };

  return (
    <form className="tirehotel__form" noValidate onSubmit={(event) => void verify(event)}>
      {sentMessage && <p role="status">{sentMessage}</p>}
      <CodeBoxes
        texts={texts}
        digits={digits}
        errorId={failure ? errorId : undefined}
        onChange={(next) => {
          setDigits(next);
          setFailure(null);
        }}
      />
      {failure && (
        <p className="tirehotel__error" id={errorId} role="alert">
          {failure}
        </p>
      )}
      <div className="tirehotel__actions">
        <button
          type="submit"
          className="button tirehotel__primary"
          disabled={!complete}
          aria-disabled={busy || undefined}
        >
          {texts.verify}
        </button>
        <button type="button" className="tirehotel__link-button" onClick={onNewCode}>
          {texts.newCode}
        </button>
      </div>
    </form>
  );
}
