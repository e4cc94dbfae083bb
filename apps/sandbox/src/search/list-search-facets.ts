import type { SandboxSearchFacets } from '@outpilot/contracts';
import type { Communities } from '../population/communities.ts';
import {
  cityGeoUrnOf,
  companyIdOf,
  countryGeoUrnOf,
  industryIdOf,
  schoolIdOf,
} from '../population/search-facets.ts';
import { companies, industries, locations, schools } from '../population/word-lists.ts';

/** Every filter id of the word lists, and the seeded communities with a link to import them. */
export function listSearchFacets(communities: Communities): SandboxSearchFacets {
  const places = locations.map((location) => location.split(', '));
  const countries = [...new Set(places.map(([, , country = '']) => country))];
  const cities = [...new Set(places.map((place) => place.join(', ')))];
  return {
    locations: [
      ...countries.map((country) => ({ id: countryGeoUrnOf(country), name: country })),
      ...cities.map((name) => {
        const [city = '', , country = ''] = name.split(', ');
        return { id: cityGeoUrnOf(city, country), name };
      }),
    ],
    companies: [...new Set(companies)].map((name) => ({ id: companyIdOf(name), name })),
    industries: [...new Set(industries)].map((name) => ({ id: industryIdOf(name), name })),
    schools: [...new Set(schools)].map((name) => ({ id: schoolIdOf(name), name })),
    groups: communities.groups.map(({ id, name }) => ({
      id,
      name,
      url: `https://www.linkedin.com/groups/${id}/members/`,
    })),
    events: communities.events.map(({ id, name }) => ({
      id,
      name,
      url: `https://www.linkedin.com/events/${id}/`,
    })),
  };
}
