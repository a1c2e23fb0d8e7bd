import type { TirehotelVehicle } from '../../../contracts/upstream/tirehotel.js';
import { TireList } from './TireList.js';
import type { TireHotelTexts } from './tirehotelTexts.js';
import { FactList } from './FactList.js';

interface LoggedInPageProps {
  texts: TireHotelTexts;
  vehicle: TirehotelVehicle;
  onBook: () => void;
  onOtherCar: () => void;
  /** The level of the page's own sub-headings. */
  subHeadingLevel: 3 | 4;
}

/** 'Ditt fordon' (part 2 §2.5 step 4): the first vehicle of the agreement, its stored tires, its workshop and package. */
export function LoggedInPage({ texts, vehicle, onBook, onOtherCar, subHeadingLevel }: LoggedInPageProps) {
  const SubHeading = `h${subHeadingLevel}` as const;
  const facts: [string, string][] = [
    [texts.vehicleModel, vehicle.name],
    [texts.vehicleRegNo, vehicle.regNo],
    [texts.vehicleStation, `${vehicle.location.departmentName}, ${vehicle.location.locationName}`],
    [texts.vehiclePackage, vehicle.packageLevel],
  ];
  return (
    <div className="tirehotel__page">
      <FactList facts={facts} className="tirehotel__vehicle" />
      <SubHeading className="tirehotel__subheading">{texts.tiresHeading}</SubHeading>
      <TireList texts={texts} tires={vehicle.tires} />
      <div className="tirehotel__actions">
        <button type="button" className="button tirehotel__primary" onClick={onBook}>
          {texts.bookWheelChange}
        </button>
        <button type="button" className="button button--secondary" onClick={onOtherCar}>
          {texts.bookOtherCar}
        </button>
      </div>
    </div>
  );
}
