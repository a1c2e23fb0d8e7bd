import type { MarketAgent } from './testStack.js';

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** The first free time for an oil service at a workshop from tomorrow on, as a booking request writes it. */
export async function firstFreeSlot(agent: MarketAgent, departmentId = 2001): Promise<string> {
  const path = `/api/mechmate/timeslots/from/ABC123/${departmentId}/${tomorrow()}T00:00:00/?serviceOfferings=oilservice`;
  const days = (await agent.get(path)).body as Array<{ date: string; availableSlots: string[] }>;
  const day = days.find((d) => d.availableSlots.length > 0)!;
  return `${day.date.slice(0, 10)}T${day.availableSlots[0]}:00`;
}

/** A valid oil-service booking for ABC123 at workshop 2001. */
export const serviceBooking = (timeSlot: string) => ({
  customer: { firstName: 'Anna', lastName: 'Svensson', phone: '+46 70 123 45 67', email: 'anna@example.se' },
  freeText: 'Ring innan',
  departmentId: 2001,
  timeSlot,
  isFullDay: false,
  registrationNumber: 'ABC123',
  mileage: 1200,
  serviceOfferingRequests: [{ kobraId: 'oilservice', unitsSelected: null, userInput: null }],
});
