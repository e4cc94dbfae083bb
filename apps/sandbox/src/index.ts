// The network's own draws, for journeys that pick people who will accept and answer (no waiting on luck).
export { defaultBehaviourOptions } from './behaviour/behaviour-options.ts';
export { decideAcceptance } from './behaviour/decide-acceptance.ts';
export { decideReply } from './behaviour/decide-reply.ts';
export type { Fact, FactChange, FactKind, SandboxStore } from './network-state/journal.ts';
export { factKinds } from './network-state/journal.ts';
export { type SandboxPluginOptions, sandboxPlugin } from './plugin.ts';
export {
  createPopulation,
  defaultPopulationSize,
  type Population,
  type PopulationOptions,
} from './population/create-population.ts';
export type { Person } from './population/person.ts';
export { toNetworkProfile } from './population/to-network-profile.ts';
