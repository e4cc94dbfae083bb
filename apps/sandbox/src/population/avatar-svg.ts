import type { Person } from './person.ts';
import { hashString } from './prng.ts';

const palette = ['#0a66c2', '#057642', '#915907', '#b24020', '#5f3bb4', '#00768a', '#8f2d56', '#44546a'];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A deterministic avatar with the member's initials, so profiles show a picture without any external URL. */
export function renderAvatarSvg(person: Pick<Person, 'entityId' | 'firstName' | 'lastName'>): string {
  const initials = escapeXml(`${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase());
  const colour = palette[hashString(person.entityId) % palette.length];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">',
    `<rect width="200" height="200" fill="${colour}"/>`,
    '<text x="100" y="100" dy="0.35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif"',
    ` font-size="80" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('');
}
