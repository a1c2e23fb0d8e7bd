/**
 * For each car, the equipment it has that at least one other compared car lacks (what the compare
 * modal lists as the difference). `null` stands for a car whose equipment is unknown: it neither
 * gets differences nor makes another car's items look different. With fewer than two known lists
 * there is nothing to compare against, so a car's whole equipment is its list.
 */
export function equipmentDifferences(equipmentPerCar: readonly (readonly string[] | null)[]): (string[] | null)[] {
  const known = equipmentPerCar.filter((list): list is readonly string[] => list !== null);
  if (known.length < 2) return equipmentPerCar.map((list) => (list === null ? null : [...list]));
  const inEvery = (item: string) => known.every((list) => list.includes(item));
  return equipmentPerCar.map((list) => (list === null ? null : list.filter((item) => !inEvery(item))));
}
