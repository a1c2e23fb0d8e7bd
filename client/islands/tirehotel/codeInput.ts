/**
 * The one-time code boxes (part 2 §5.3) without their view: 4 boxes of one digit each. Every
 * function answers the new digits and the box to focus, so the view only applies them.
 */
export const CODE_LENGTH = 4;
export type CodeDigits = readonly string[];
export interface CodeChange {
  digits: string[];
  focus: number;
}

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');
export const codeValue = (digits: CodeDigits): string => digits.join('');
export const isCodeComplete = (digits: CodeDigits): boolean => /^\d{4}$/.test(codeValue(digits));

const clampBox = (index: number) => Math.min(Math.max(index, 0), CODE_LENGTH - 1);

/** What was typed into box `index` (its whole new value): the last digit typed stays and the focus moves on; anything else is refused. */
export function typeInto(digits: CodeDigits, index: number, typed: string): CodeChange {
  // The phone's one-time-code autofill puts the whole code into one box.
  if (typed.replace(/\D/g, '').length >= CODE_LENGTH) return paste(typed.replace(/\D/g, ''));
  const digit = typed.replace(/\D/g, '').slice(-1);
  const next = [...digits];
  if (typed === '') {
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (!digit) return { digits: next, focus: index };
  next[index] = digit;
  return { digits: next, focus: clampBox(index + 1) };
}

/** Paste takes the first 4 characters, digits only, from the first box on. */
export function paste(text: string): CodeChange {
  const pasted = text.slice(0, CODE_LENGTH).replace(/\D/g, '');
  const next = emptyCode().map((_, i) => pasted[i] ?? '');
  return { digits: next, focus: clampBox(pasted.length) };
}

/** Backspace clears the box; in an empty box it moves back and clears that one. */
export function backspace(digits: CodeDigits, index: number): CodeChange {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = clampBox(index - 1);
  next[previous] = '';
  return { digits: next, focus: previous };
}

/** Left and right arrows move between the boxes, stopping at the ends. */
export function move(index: number, key: 'ArrowLeft' | 'ArrowRight'): number {
  return clampBox(index + (key === 'ArrowLeft' ? -1 : 1));
}
