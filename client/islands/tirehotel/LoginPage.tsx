import { useState } from 'react';
import type { TirehotelCustomer } from '../../../contracts/upstream/tirehotel.js';
import { trackForm } from './analytics.js';
import { refusalText, tirehotelApi } from './tirehotelApi.js';
import type { TireHotelLink } from './tirehotelTexts.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { fillText } from '../../../markets/translations/plural.js';

interface LoginPageProps {
  texts: TireHotelTexts;
  customer: TirehotelCustomer;
  contactLink: TireHotelLink;
  /** The code was sent; the service's message says where. */
  onSent: (message: string) => void;
}

/** Login (part 2 §2.5 step 2): the code goes to the agreement's phone. A refusal shows the server's message; a limit also says when to try again. */
export function LoginPage({ texts, customer, contactLink, onSent }: LoginPageProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    if (busy) return;
    trackForm('submit', 'login');
    setBusy(true);
    setFailure(null);
    const answer = await tirehotelApi.login(customer.encryptedPhoneNumber);
    setBusy(false);
    if (answer.ok) {
      trackForm('success', 'login');
      onSent(answer.value.message);
      return;
    }
    trackForm('error', 'login');
    setFailure(refusalText(answer, texts));
  };

  return (
    <div className="tirehotel__page">
      <p>{fillText(texts.codeWillBeSent, { phone: customer.obfuscatedPhoneNumber })}</p>
      <p>
        {texts.wrongPhone} <a href={contactLink.url}>{contactLink.text}</a>
      </p>
      {failure && (
        <p className="tirehotel__error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className="button tirehotel__primary"
        aria-disabled={busy || undefined}
        onClick={() => void send()}
      >
        {texts.sendCode}
      </button>
    </div>
  );
}
