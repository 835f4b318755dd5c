/**
 * UK postcode data for the offline distance resolver.
 *
 * POSTCODE_AREAS lists every postcode area (the letters before the first digit), so a token
 * like "T5" or "A1" is never mistaken for a postcode district.
 *
 * DISTRICT_CENTRES holds a deliberately short list of postcode districts (outward codes) with
 * the centre of each. Only districts that are small and central were admitted, each at most
 * about 2 km from any address in it: central London, and the city-centre districts of the
 * largest cities. Suburban and rural districts span up to tens of kilometres, so an address
 * known only by such a district is left unresolved rather than placed at a guessed centre.
 * Coordinates are WGS84, to 4 decimals; tests check them against the curated places' postcodes.
 */

// prettier-ignore
export const POSTCODE_AREAS = new Set([
  'AB', 'AL', 'B', 'BA', 'BB', 'BD', 'BH', 'BL', 'BN', 'BR', 'BS', 'BT', 'CA', 'CB', 'CF', 'CH',
  'CM', 'CO', 'CR', 'CT', 'CV', 'CW', 'DA', 'DD', 'DE', 'DG', 'DH', 'DL', 'DN', 'DT', 'DY', 'E',
  'EC', 'EH', 'EN', 'EX', 'FK', 'FY', 'G', 'GL', 'GU', 'GY', 'HA', 'HD', 'HG', 'HP', 'HR', 'HS',
  'HU', 'HX', 'IG', 'IM', 'IP', 'IV', 'JE', 'KA', 'KT', 'KW', 'KY', 'L', 'LA', 'LD', 'LE', 'LL',
  'LN', 'LS', 'LU', 'M', 'ME', 'MK', 'ML', 'N', 'NE', 'NG', 'NN', 'NP', 'NR', 'NW', 'OL', 'OX',
  'PA', 'PE', 'PH', 'PL', 'PO', 'PR', 'RG', 'RH', 'RM', 'S', 'SA', 'SE', 'SG', 'SK', 'SL', 'SM',
  'SN', 'SO', 'SP', 'SR', 'SS', 'ST', 'SW', 'SY', 'TA', 'TD', 'TF', 'TN', 'TQ', 'TR', 'TS', 'TW',
  'UB', 'W', 'WA', 'WC', 'WD', 'WF', 'WN', 'WR', 'WS', 'WV', 'YO', 'ZE',
]);

/** A postcode district's centre. */
export interface DistrictCentre {
  lat: number;
  lng: number;
  /** Where it is, for people reading the table. */
  area: string;
}

// prettier-ignore
export const DISTRICT_CENTRES: Record<string, DistrictCentre> = {
  // The City of London.
  EC1A: { lat: 51.519, lng: -0.1, area: 'Smithfield' },
  EC1M: { lat: 51.5215, lng: -0.103, area: 'Farringdon' },
  EC1N: { lat: 51.5195, lng: -0.1085, area: 'Hatton Garden' },
  EC1R: { lat: 51.525, lng: -0.109, area: 'Clerkenwell' },
  EC1V: { lat: 51.5275, lng: -0.098, area: 'Finsbury' },
  EC1Y: { lat: 51.5225, lng: -0.0905, area: 'Bunhill' },
  EC2A: { lat: 51.524, lng: -0.082, area: 'Shoreditch' },
  EC2M: { lat: 51.5175, lng: -0.082, area: 'Liverpool Street' },
  EC2N: { lat: 51.515, lng: -0.085, area: 'Old Broad Street' },
  EC2R: { lat: 51.515, lng: -0.09, area: 'Bank' },
  EC2V: { lat: 51.515, lng: -0.0935, area: 'Guildhall' },
  EC2Y: { lat: 51.5195, lng: -0.094, area: 'Barbican' },
  EC3A: { lat: 51.5145, lng: -0.079, area: 'St Mary Axe' },
  EC3M: { lat: 51.512, lng: -0.081, area: 'Fenchurch Street' },
  EC3N: { lat: 51.511, lng: -0.0755, area: 'Tower Hill' },
  EC3R: { lat: 51.51, lng: -0.083, area: 'Eastcheap' },
  EC3V: { lat: 51.513, lng: -0.0855, area: 'Cornhill' },
  EC4A: { lat: 51.5155, lng: -0.1085, area: 'Fetter Lane' },
  EC4M: { lat: 51.515, lng: -0.101, area: "St Paul's" },
  EC4N: { lat: 51.512, lng: -0.0925, area: 'Cannon Street' },
  EC4R: { lat: 51.5105, lng: -0.091, area: 'Upper Thames Street' },
  EC4V: { lat: 51.512, lng: -0.099, area: 'Queen Victoria Street' },
  EC4Y: { lat: 51.5135, lng: -0.1075, area: 'Temple' },
  // Holborn, Bloomsbury, Covent Garden.
  WC1A: { lat: 51.517, lng: -0.125, area: 'New Oxford Street' },
  WC1B: { lat: 51.518, lng: -0.1265, area: 'Bloomsbury Square' },
  WC1E: { lat: 51.5215, lng: -0.132, area: 'Gower Street' },
  WC1H: { lat: 51.526, lng: -0.1265, area: 'Tavistock Square' },
  WC1N: { lat: 51.522, lng: -0.12, area: 'Queen Square' },
  WC1R: { lat: 51.5195, lng: -0.115, area: "Gray's Inn" },
  WC1V: { lat: 51.5175, lng: -0.117, area: 'High Holborn' },
  WC1X: { lat: 51.528, lng: -0.116, area: "King's Cross Road" },
  WC2A: { lat: 51.516, lng: -0.114, area: "Lincoln's Inn" },
  WC2B: { lat: 51.5145, lng: -0.121, area: 'Drury Lane' },
  WC2E: { lat: 51.5115, lng: -0.123, area: 'Covent Garden' },
  WC2H: { lat: 51.5135, lng: -0.128, area: 'Seven Dials' },
  WC2N: { lat: 51.5085, lng: -0.1255, area: 'Charing Cross' },
  WC2R: { lat: 51.511, lng: -0.118, area: 'Aldwych' },
  // The West End.
  W1B: { lat: 51.5135, lng: -0.14, area: 'Regent Street' },
  W1C: { lat: 51.5145, lng: -0.149, area: 'Oxford Street west' },
  W1D: { lat: 51.513, lng: -0.132, area: 'Soho east' },
  W1F: { lat: 51.5135, lng: -0.136, area: 'Soho west' },
  W1G: { lat: 51.5195, lng: -0.148, area: 'Harley Street' },
  W1H: { lat: 51.516, lng: -0.162, area: 'Bryanston' },
  W1J: { lat: 51.507, lng: -0.144, area: 'Piccadilly' },
  W1K: { lat: 51.5105, lng: -0.152, area: 'Grosvenor Square' },
  W1S: { lat: 51.511, lng: -0.142, area: 'Savile Row' },
  W1T: { lat: 51.52, lng: -0.1355, area: 'Fitzrovia' },
  W1U: { lat: 51.519, lng: -0.1545, area: 'Marylebone High Street' },
  W1W: { lat: 51.5205, lng: -0.141, area: 'Great Portland Street' },
  // Westminster and Belgravia.
  SW1A: { lat: 51.503, lng: -0.135, area: 'Whitehall' },
  SW1E: { lat: 51.4975, lng: -0.1405, area: 'Victoria Street west' },
  SW1H: { lat: 51.499, lng: -0.133, area: 'Broadway' },
  SW1P: { lat: 51.495, lng: -0.131, area: 'Horseferry Road' },
  SW1V: { lat: 51.49, lng: -0.14, area: 'Pimlico' },
  SW1W: { lat: 51.493, lng: -0.15, area: 'Ebury Street' },
  SW1X: { lat: 51.4985, lng: -0.156, area: 'Belgravia' },
  SW1Y: { lat: 51.507, lng: -0.1345, area: 'Pall Mall' },
  // Inner London districts a few kilometres across.
  N1: { lat: 51.537, lng: -0.097, area: 'Islington' },
  N1C: { lat: 51.535, lng: -0.126, area: "King's Cross Central" },
  NW1: { lat: 51.533, lng: -0.143, area: 'Camden and Regent’s Park' },
  SE1: { lat: 51.499, lng: -0.092, area: 'Southwark' },
  E1: { lat: 51.517, lng: -0.06, area: 'Whitechapel' },
  E1W: { lat: 51.507, lng: -0.06, area: 'Wapping' },
  E14: { lat: 51.505, lng: -0.02, area: 'Canary Wharf' },
  W2: { lat: 51.515, lng: -0.18, area: 'Paddington' },
  W8: { lat: 51.501, lng: -0.193, area: 'Kensington' },
  SW3: { lat: 51.49, lng: -0.165, area: 'Chelsea' },
  SW5: { lat: 51.49, lng: -0.19, area: "Earl's Court" },
  SW7: { lat: 51.496, lng: -0.175, area: 'South Kensington' },
  // Airports that are a district of their own.
  TW6: { lat: 51.468, lng: -0.468, area: 'Heathrow Airport, between the terminals' },
  M90: { lat: 53.3625, lng: -2.2735, area: 'Manchester Airport' },
  // City centres.
  M1: { lat: 53.479, lng: -2.235, area: 'Manchester, Piccadilly' },
  M2: { lat: 53.48, lng: -2.245, area: 'Manchester, King Street' },
  M4: { lat: 53.484, lng: -2.225, area: 'Manchester, Ancoats' },
  B1: { lat: 52.48, lng: -1.91, area: 'Birmingham, Brindleyplace' },
  B2: { lat: 52.479, lng: -1.899, area: 'Birmingham, New Street' },
  B3: { lat: 52.483, lng: -1.902, area: 'Birmingham, Colmore Row' },
  B4: { lat: 52.484, lng: -1.892, area: 'Birmingham, Steelhouse Lane' },
  B5: { lat: 52.472, lng: -1.893, area: 'Birmingham, Digbeth' },
  L1: { lat: 53.403, lng: -2.98, area: 'Liverpool, Ropewalks' },
  L2: { lat: 53.407, lng: -2.988, area: 'Liverpool, Dale Street' },
  LS1: { lat: 53.797, lng: -1.548, area: 'Leeds city centre' },
  LS2: { lat: 53.802, lng: -1.542, area: 'Leeds, the Headrow' },
  G1: { lat: 55.86, lng: -4.25, area: 'Glasgow, Merchant City' },
  G2: { lat: 55.8625, lng: -4.26, area: 'Glasgow, Blythswood' },
  EH1: { lat: 55.951, lng: -3.19, area: 'Edinburgh, Old Town' },
  EH2: { lat: 55.9535, lng: -3.198, area: 'Edinburgh, New Town' },
  BS1: { lat: 51.454, lng: -2.592, area: 'Bristol city centre' },
  CF10: { lat: 51.473, lng: -3.175, area: 'Cardiff city centre and Bay' },
  NE1: { lat: 54.973, lng: -1.613, area: 'Newcastle city centre' },
  S1: { lat: 53.38, lng: -1.47, area: 'Sheffield city centre' },
  NG1: { lat: 52.954, lng: -1.148, area: 'Nottingham city centre' },
  YO1: { lat: 53.959, lng: -1.081, area: 'York city centre' },
  RG1: { lat: 51.455, lng: -0.97, area: 'Reading town centre' },
};
