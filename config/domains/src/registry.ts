/**
 * The registry that ships in `config/domains/registry.json`: the brands a new database is
 * seeded with, and the host rules. The functions that read a registry are in `./hosts`.
 */
import registryJson from '../registry.json';
import type { DomainRegistry } from './hosts';

export * from './hosts';

export const REGISTRY = registryJson as DomainRegistry;
