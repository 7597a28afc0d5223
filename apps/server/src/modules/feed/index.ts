/** The feed module's entry: the simulated sports feed and its market maker. */
export { startSimulatedFeed } from './feed-loop';
