import type { ActionStepType } from '@outpilot/contracts';

/** How each action type reads in the editor and on the detail page. */
export const stepTypeLabels: Readonly<Record<ActionStepType, string>> = {
  Connect: 'Connect',
  Message: 'Message',
  VisitProfile: 'Visit profile',
  Follow: 'Follow',
  ReactOnPost: 'React on post',
  EndorseSkill: 'Endorse skill',
  ScrapeProfile: 'Scrape profile',
};
