import type { PluralText } from '../../markets/translations/plural.js';

/** Days, hours and minutes left until a target; null once it is reached. Minutes round up, so 0:00:00 means ended. */
export function timeLeft(targetMs: number, nowMs: number): { days: number; hours: number; minutes: number } | null {
  const ms = targetMs - nowMs;
  if (!(ms > 0)) return null;
  const totalMinutes = Math.ceil(ms / 60_000);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/**
 * Countdowns the server rendered ([data-countdown] with data-target): the numbers tick each minute,
 * and at the target the clock gives way to the ended text.
 */
export function enhanceCountdowns(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-countdown]')) {
    const target = Date.parse(root.dataset.target ?? '');
    if (Number.isNaN(target)) continue;
    const tick = () => {
      const left = timeLeft(target, Date.now());
      const clock = root.querySelector<HTMLElement>('[data-countdown-clock]');
      if (!left) {
        if (clock) clock.hidden = true;
        const ended = root.querySelector<HTMLElement>('[data-countdown-ended]');
        if (ended) ended.hidden = false;
        return;
      }
      for (const unit of ['days', 'hours', 'minutes'] as const) {
        const value = root.querySelector(`[data-unit="${unit}"]`);
        if (!value || value.textContent === String(left[unit])) continue;
        value.textContent = String(left[unit]);
        // The label follows its number ('1 dag', '2 dagar'): the server gave its forms, chosen here as countText
        // chooses them (not imported: this script loads on every page and would fetch a shared chunk for it).
        const label = value.parentElement?.querySelector<HTMLElement>('[data-forms]');
        const forms = label && (JSON.parse(label.dataset.forms!) as PluralText);
        if (forms)
          label.textContent =
            forms[new Intl.PluralRules(document.documentElement.lang).select(left[unit])] ?? forms.other;
      }
      // Next change is at the next whole minute before the target.
      setTimeout(tick, ((target - Date.now()) % 60_000 || 60_000) + 20);
    };
    tick();
  }
}
