/** Registration number input (part 2 §5.3): spaces stripped, upper-cased, 2 to 7 characters. */
export const REG_NO_MIN = 2;
export const REG_NO_MAX = 7;

export function normaliseRegNo(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase().slice(0, REG_NO_MAX);
}

/** 'Fortsätt' (and Enter) need at least 2 characters. */
export function canSearch(regNo: string): boolean {
  return normaliseRegNo(regNo).length >= REG_NO_MIN;
}
