/**
 * The feed simulator's public face: the server imports only from here, so the modules behind it
 * can be reshaped freely.
 */
export { createSimulator, restoreSimulator, simulatorOptions } from './simulator';
export type { ResumableSimulator, SimulatorSnapshot } from './simulator';
export type {
  FeedFixture,
  FeedMarketSpec,
  FeedScore,
  FeedUpdate,
  Simulator,
  SimulatorOptions,
} from './types';
