import { ServiceRequestForm } from '../../client/islands/serviceRequest/ServiceRequestForm.js';
import { Island } from '../Island.js';
import { usePage } from '../PageContext.js';
import type { BlockProps } from './blockProps.js';
import { serviceRequestLabels } from './leadFormLabels.js';
import { LeadFormSection } from './SellCarFormBlocks.js';
import { useLeadFormPost } from './leadFormPost.js';
import { SERVICE_BOOKING_FORM_NAME } from '../../contracts/forms.js';

/** The Norwegian workshop service request (part 2 §2.3); its dealers were loaded with the page (server/pages/serviceRequestData.ts). */
export function ServiceRequestFormBlock({ block, data, first }: BlockProps<'serviceRequestForm'>) {
  const { t, market } = usePage();
  const post = useLeadFormPost(SERVICE_BOOKING_FORM_NAME, `${block.id}-title`);
  return (
    <LeadFormSection id={block.id} title={block.title} text={block.text} first={first}>
      <Island
        name="serviceRequest"
        component={ServiceRequestForm}
        props={{
          ...data,
          labels: serviceRequestLabels(t, market.distanceUnit),
          dateFormat: market.dateFormat,
          currency: market.currency,
          post,
        }}
      />
    </LeadFormSection>
  );
}
