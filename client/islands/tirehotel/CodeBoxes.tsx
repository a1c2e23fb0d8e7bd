import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { CODE_LENGTH, backspace, move, paste, typeInto, type CodeChange } from './codeInput.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { fillText } from '../../../markets/translations/plural.js';

interface CodeBoxesProps {
  texts: TireHotelTexts;
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** The id of the error text the boxes are described by, when one shows. */
  errorId: string | undefined;
}

/**
 * Four one-digit boxes (part 2 §5.3): a digit moves on, Backspace moves back, the arrows move,
 * paste fills from the first box; Enter submits the surrounding form. The first box takes the
 * focus when the page opens and offers the browser's one-time-code autofill.
 */
export function CodeBoxes({ texts, digits, onChange, errorId }: CodeBoxesProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => boxes.current[0]?.focus(), []);

  const apply = (change: CodeChange) => {
    if (change.digits.join(',') !== digits.join(',')) onChange(change.digits);
    const box = boxes.current[change.focus];
    box?.focus();
    box?.select();
  };
  const keyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(backspace(digits, index));
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      apply({ digits: [...digits], focus: move(index, event.key) });
    }
  };
  const pasted = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(paste(event.clipboardData.getData('text')));
  };

  return (
    <fieldset className="tirehotel__code" aria-describedby={errorId}>
      <legend>{texts.codeLegend}</legend>
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="tirehotel__digit"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={fillText(texts.codeDigit, { n: index + 1, total: CODE_LENGTH })}
          aria-invalid={errorId ? true : undefined}
          value={digits[index] ?? ''}
          onChange={(event) => apply(typeInto(digits, index, event.currentTarget.value))}
          onKeyDown={keyDown(index)}
          onPaste={pasted}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </fieldset>
  );
}
