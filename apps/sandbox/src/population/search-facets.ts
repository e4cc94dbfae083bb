import { hashString } from './prng.ts';

/**
 * The ids LinkedIn's people-search filters use (geoUrn, currentCompany, industry, schoolFilter),
 * for the sandbox's word lists. Country geoUrns and industry ids are LinkedIn's own, so a filter
 * copied from a real search URL (geoUrn=["103644278"], industry=["4"]) finds people here too.
 * Cities, companies and schools are fictional or not worth a table: their ids are stable hashes
 * of the name, shaped like LinkedIn's, so adding a name never changes another's id.
 */
const countryGeoUrns: Record<string, string> = {
  'United States': '103644278',
  'United Kingdom': '101165590',
  Germany: '101282230',
  France: '105015875',
  India: '102713980',
  Canada: '101174742',
  Netherlands: '102890719',
  Sweden: '105117694',
  Spain: '105646813',
  Italy: '103350119',
  Poland: '105072130',
  Ireland: '104738515',
  Brazil: '106057199',
  Mexico: '103323778',
  Singapore: '102454443',
  Japan: '101355337',
  'South Korea': '105149562',
  Australia: '101452733',
  Nigeria: '105365761',
  'South Africa': '104035573',
  'United Arab Emirates': '104305776',
};

const industryIds: Record<string, string> = {
  'Software Development': '4',
  'IT Services and IT Consulting': '96',
  'Financial Services': '43',
  Banking: '41',
  'Hospital and Health Care': '14',
  'Pharmaceutical Manufacturing': '15',
  Retail: '27',
  'Higher Education': '68',
  'Marketing Services': '1862',
  'Staffing and Recruiting': '104',
  'Management Consulting': '11',
  'Real Estate': '44',
  Telecommunications: '8',
  'Renewable Energy': '3240',
  'Logistics and Supply Chain': '116',
  Automotive: '53',
  'Aviation and Aerospace': '94',
  'Media Production': '126',
  Insurance: '42',
  'Legal Services': '10',
  Construction: '48',
  'Food and Beverage': '34',
  Hospitality: '31',
  'Biotechnology Research': '12',
  'Venture Capital and Private Equity': '106',
};

function hashedId(kind: string, name: string, min: number, span: number): string {
  return String(min + (hashString(`${kind}:${name}`) % span));
}

export function countryGeoUrnOf(country: string): string {
  return countryGeoUrns[country] ?? hashedId('geo', country, 100_000_000, 900_000_000);
}

/** City-level geoUrns sit in LinkedIn's 9-digit range like the metro areas (90000084 is the Bay Area). */
export function cityGeoUrnOf(city: string, country: string): string {
  return hashedId('geo', `${city}, ${country}`, 100_000_000, 900_000_000);
}

export function industryIdOf(industry: string): string {
  return industryIds[industry] ?? hashedId('industry', industry, 2000, 8000);
}

export function companyIdOf(company: string): string {
  return hashedId('company', company, 10_000, 90_000_000);
}

export function schoolIdOf(school: string): string {
  return hashedId('school', school, 1000, 9_000_000);
}
