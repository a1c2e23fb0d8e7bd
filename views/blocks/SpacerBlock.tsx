import type { BlockProps } from './blockProps.js';

export function SpacerBlock({ block }: BlockProps<'spacer'>) {
  return <div className={`spacer spacer--${block.size}`} aria-hidden="true" />;
}
