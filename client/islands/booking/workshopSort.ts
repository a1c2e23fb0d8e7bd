import type { Workshop } from '../../../contracts/upstream/mechmate.js';

export type WorkshopSort = 'nearest' | 'firstTime';

/** 'Första lediga tid': the earliest first slot first, workshops without one last; 'Närmast mig' keeps the stream's order. */
export function sortWorkshops(workshops: Workshop[], sort: WorkshopSort): Workshop[] {
  if (sort === 'nearest') return workshops;
  return [...workshops].sort((a, b) => (a.firstTimeSlot ?? '9999').localeCompare(b.firstTimeSlot ?? '9999'));
}
