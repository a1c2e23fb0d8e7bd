import type { Locator } from 'playwright-core';

/** The sell-car form's field labels in one language. */
export interface SellCarFieldTexts {
  regno: string;
  mileage: string;
  name: string;
  phone: string;
  email: string;
  sell: string;
}

/** A field by its label text; a required field's label ends with an asterisk. */
export const field = (form: Locator, text: string) =>
  form.getByLabel(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Fills the sell-car form as a shopper selling ABC123 with 12000 on the clock. */
export async function fillSellCar(form: Locator, texts: SellCarFieldTexts): Promise<void> {
  await field(form, texts.regno).fill('ABC123');
  await field(form, texts.mileage).fill('12000');
  await field(form, texts.name).fill('Per Testsson');
  await field(form, texts.phone).fill('+46 70 123 45 67');
  await field(form, texts.email).fill('per@example.se');
  await field(form, texts.sell).check();
}
