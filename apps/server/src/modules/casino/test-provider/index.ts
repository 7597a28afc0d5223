/**
 * The built-in test provider (kept apart from the rest of the casino module: it imports only
 * the callback API's contract, as an outside provider would know it). The casino's door
 * re-exports what the app needs to switch it on.
 */
export {
  renderGamePage,
  testProviderClient,
  testProviderRoutes,
  TEST_PROVIDER_PREFIX,
  TEST_STAKE_MINOR,
  TEST_WIN_MINOR,
  type ProviderFetch,
  type TestProviderOptions,
} from './test-provider';
