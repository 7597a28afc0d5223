/** A bad configuration value: the server stops at start with this message. */
export class ConfigError extends Error {}
