import type { UseFormRegisterReturn } from 'react-hook-form';
import { SELL_CAR_OPTIONS } from '../../../contracts/forms.js';
import { RadioGroupField, TextField } from '../../forms/fields.js';
import type { SellCarFormProps } from './sellCarLabels.js';

type ContactField = 'customerName' | 'customerPhone' | 'customerEmail' | 'option';

/** Name, phone, e-mail and the sell / trade-in choice: the part both sell-car forms share (part 2 §2.2). */
export function SellCarContactFields({
  typed,
  labels,
  registered,
  error,
}: {
  /** What a post without scripts brought back, per field ('' for none). */
  typed: (field: ContactField) => string;
  labels: SellCarFormProps['labels'];
  registered: Record<ContactField, UseFormRegisterReturn>;
  error: (field: ContactField) => string | undefined;
}) {
  return (
    <>
      <TextField
        label={labels.name}
        required
        error={error('customerName')}
        autoComplete="name"
        maxLength={100}
        defaultValue={typed('customerName')}
        {...registered.customerName}
      />
      <TextField
        label={labels.phone}
        required
        error={error('customerPhone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={21}
        defaultValue={typed('customerPhone')}
        {...registered.customerPhone}
      />
      <TextField
        label={labels.email}
        required
        error={error('customerEmail')}
        type="email"
        autoComplete="email"
        maxLength={254}
        defaultValue={typed('customerEmail')}
        {...registered.customerEmail}
      />
      <RadioGroupField
        label={labels.option}
        required
        error={error('option')}
        options={SELL_CAR_OPTIONS.map((value) => ({
          value,
          label: value === 'sellCar' ? labels.optionSell : labels.optionTradeIn,
        }))}
        checkedValue={typed('option')}
        {...registered.option}
      />
    </>
  );
}
