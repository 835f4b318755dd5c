/** Fictional operators and the fleet they run, for the embedded demo. */

export interface DemoCompany {
  name: string;
  /** 1.0–5.0, one decimal. */
  rating: number;
  /** Printed on receipts. */
  address: string;
  /** Printed on receipts with the VAT included; null when not VAT registered. */
  vatNumber: string | null;
}

export interface DemoCategory {
  name: string;
  seats: number;
  luggage: number;
  hand_luggage: number;
  wheelchair_spaces: number;
  /** Under /storage/; the SVGs live in storage/vehicles/. */
  image_path: string;
  sort_order: number;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Heathrow Executive Cars',
    rating: 4.8,
    address: 'Unit 4, Bath Road, Harlington, Hayes UB3 5AN',
    vatNumber: 'GB 123 4567 89',
  },
  {
    name: 'Thames Valley Private Hire',
    rating: 4.5,
    address: '12 Station Road, Reading RG1 1JX',
    vatNumber: null,
  },
  {
    name: 'Northern Star Chauffeurs',
    rating: 4.2,
    address: '8 Wellington Street, Leeds LS1 4LT',
    vatNumber: 'GB 987 6543 21',
  },
];

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Saloon',
    seats: 4,
    luggage: 2,
    hand_luggage: 2,
    wheelchair_spaces: 0,
    image_path: 'vehicles/saloon.svg',
    sort_order: 10,
  },
  {
    name: 'Estate',
    seats: 4,
    luggage: 4,
    hand_luggage: 2,
    wheelchair_spaces: 0,
    image_path: 'vehicles/estate.svg',
    sort_order: 20,
  },
  {
    name: 'Executive',
    seats: 3,
    luggage: 2,
    hand_luggage: 2,
    wheelchair_spaces: 0,
    image_path: 'vehicles/executive.svg',
    sort_order: 30,
  },
  {
    name: 'MPV',
    seats: 6,
    luggage: 4,
    hand_luggage: 4,
    wheelchair_spaces: 0,
    image_path: 'vehicles/mpv.svg',
    sort_order: 40,
  },
  {
    name: '8-Seat Minibus',
    seats: 8,
    luggage: 8,
    hand_luggage: 8,
    wheelchair_spaces: 0,
    image_path: 'vehicles/minibus.svg',
    sort_order: 50,
  },
  {
    name: 'Wheelchair Accessible',
    seats: 4,
    luggage: 2,
    hand_luggage: 2,
    wheelchair_spaces: 1,
    image_path: 'vehicles/wheelchair.svg',
    sort_order: 60,
  },
];

/** Which categories each operator runs (by name); most run most, so results show choice. */
export const DEMO_OFFERINGS: Record<string, string[]> = {
  'Heathrow Executive Cars': ['Saloon', 'Estate', 'Executive', 'MPV', '8-Seat Minibus'],
  'Thames Valley Private Hire': [
    'Saloon',
    'Estate',
    'Executive',
    'MPV',
    '8-Seat Minibus',
    'Wheelchair Accessible',
  ],
  'Northern Star Chauffeurs': ['Saloon', 'Estate', 'Executive', 'MPV', 'Wheelchair Accessible'],
};
