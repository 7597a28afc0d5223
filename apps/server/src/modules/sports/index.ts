/** The sports module's entry: events, markets, odds and scorecards as players browse them. */
export { sportsRoutes } from './sports-routes';
