import type { SellCarFormProps } from './sellCarLabels.js';
import { SellCarForm } from './SellCarForm.js';
import { SellCarShortForm } from './SellCarShortForm.js';

export interface SellCarIslandProps extends SellCarFormProps {
  variant: 'full' | 'short';
}

/** One island for both sell-car blocks: the full form and its short variant share texts, send and shell. */
export function SellCarIsland({ variant, ...props }: SellCarIslandProps) {
  return variant === 'short' ? <SellCarShortForm {...props} /> : <SellCarForm {...props} />;
}
