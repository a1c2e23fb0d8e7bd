import { usePage } from '../PageContext.js';
import type { LayoutData } from './layoutData.js';

/**
 * The site-wide alert; every type but Warning can be dismissed for a day (client/enhance/alertBanner.ts).
 * Sent to everyone: a dismissed one is hidden in the browser (client/enhance/alertGate.ts), so the page stays public.
 */
export function AlertBanner({ alert }: { alert: NonNullable<LayoutData['alert']> }) {
  const { t } = usePage();
  const dismissable = alert.type !== 'Warning';
  return (
    <section
      className={`alert-banner alert-banner--${alert.type.toLowerCase()}`}
      aria-label={t('layout.alertRegion')}
      data-alert={alert.id}
      data-alert-dismissable={dismissable ? '' : undefined}
    >
      <p className="alert-banner__text">
        {alert.text}{' '}
        {alert.link && (
          <a href={alert.link.url} {...(alert.link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {alert.link.text}
          </a>
        )}
      </p>
      {dismissable && (
        <button
          type="button"
          className="alert-banner__dismiss"
          data-alert-dismiss=""
          aria-label={t('layout.alertDismiss')}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </section>
  );
}
